/**
 * Information pages and content-managed blocks (navigation menu, footer, section titles).
 * Page content is plain text: blank lines split paragraphs, lines starting "## " are headings,
 * lines starting "- " are bullets, and "[words](/path)" links a page of the shop.
 */
import type { SeedContent, SeedInformation } from './types.ts';

/**
 * The account and the two membership types (spec §1), in the same words on About, FAQ and the sign-up
 * popup (src/features/auth/MembershipNote.tsx, whose messages say the same): issue 29 found the shop saying
 * "by invitation" while anyone can sign up.
 */
export const MEMBERSHIP = {
  en: `Anyone can open an account, free of charge, to shop, book tastings, write taste cards and share inspiration. There are two membership types:

- Regular Member: comes by invitation from a member.
- SVIP: comes with a box-set subscription, with a tasting box every 3 months, member discounts, and exclusive and top-priority events.`,
  zh: `任何人都可以免費開設帳戶，用來購物、預訂品鑑活動、撰寫品鑑卡及分享靈感帖文。會員分為兩種：

- 一般會員：由會員邀請加入。
- SVIP：訂閱禮盒套裝即成為 SVIP，每 3 個月收到一個品鑑禮盒，享有會員折扣，並可參加專屬及最優先的活動。`,
};

const about: SeedInformation = {
  id: 'about',
  titleEn: 'About us',
  titleZh: '關於我們',
  contentEn: `Sip & Gather is a Hong Kong shop and tasting community for people who love tea, coffee, incense and spirits. We started as a handful of friends sharing a pot of aged oolong around a table in Sheung Wan, and we still believe the best way to discover a new flavour is to taste it together.

## What we do

We source small-batch teas from growers in Yunnan, Fujian, Taiwan and Japan, single-origin coffees from roasters we know personally, natural incense made by traditional methods, and spirits chosen for character rather than hype. Every product in our shop has been tasted by our team before it reaches you, and we are always happy to explain how to brew, burn or pour it.

## A community, not just a shop

Members join paid tasting events, from quiet afternoon tea sessions to evening whisky and coffee pairings, and are welcome to bring guests. Members can also take a box-set subscription delivered monthly, quarterly or annually, write taste cards to record what they notice in the cup or glass, and share inspiration posts with the rest of the community.

## Accounts and membership

${MEMBERSHIP.en}

## Shopping with us

We deliver to Hong Kong, Macau and selected destinations in Asia, Oceania, Europe and North America. Prices are shown in HKD in Hong Kong and in USD elsewhere, and you can switch currency at any time. Our website is available in English and Traditional Chinese.

In line with Hong Kong law, alcohol is sold only to persons aged 18 or over.`,
  contentZh: `Sip & Gather 是一間以香港為基地的商店及品鑑社群，專為熱愛茶、咖啡、香品和烈酒的人而設。我們最初只是幾個朋友在上環一張桌子旁分享一壺陳年烏龍，直到今天，我們仍然相信發掘新風味的最好方法，就是一起品嚐。

## 我們做甚麼

我們從雲南、福建、台灣和日本的茶農搜羅小批量茶葉，向我們熟悉的烘焙師選購單一產區咖啡，挑選以傳統方法製作的天然香品，以及重視個性多於潮流的烈酒。店內每一件產品在送到你手上之前，都經過我們團隊親自品嚐；如何沖泡、點香或斟酒，我們都樂意為你講解。

## 不只是商店，更是社群

會員可參加付費品鑑活動，由寧靜的午後茶聚到晚間威士忌與咖啡配對，並歡迎攜同賓客出席。會員亦可訂閱每月、每季或每年送遞的禮盒套裝，撰寫品鑑卡記錄杯中所感，並與社群分享靈感帖文。

## 帳戶及會員資格

${MEMBERSHIP.zh}

## 在這裏購物

我們送貨至香港、澳門，以及亞洲、大洋洲、歐洲和北美洲的指定地區。在香港以港幣標價，其他地區以美元標價，你可隨時切換貨幣。本網站提供英文及繁體中文版本。

根據香港法律，本店只向年滿 18 歲人士出售酒類。`,
};

const contactUs: SeedInformation = {
  id: 'contact_us',
  titleEn: 'Contact us',
  titleZh: '聯絡我們',
  contentEn: `We would love to hear from you, whether you have a question about an order, want to suggest a tea or coffee we should stock, or are thinking of hosting a private tasting.

## Email

Write to us at hello@sipandgather.hk. We aim to reply within one working day. If your message is about an order, please include your order number and the email address you used at checkout so we can find it quickly.

## Visit our tasting room

Sip & Gather
Unit 5B, 5/F, 128 Wing Lok Street
Sheung Wan, Hong Kong

Our tasting room is a few minutes' walk from Sheung Wan MTR Station. You are welcome to drop in to smell the teas, try a cup of the week's coffee or pick up an online order.

## Opening hours

- Tuesday to Friday: 12:00 to 19:00
- Saturday and Sunday: 11:00 to 18:00
- Monday and Hong Kong public holidays: closed

Tasting events may run later in the evening; please check the event page for times. If Typhoon Signal No. 8 or above or a Black Rainstorm Warning is in force, the tasting room will close and any affected event will be rescheduled.

## Business enquiries

We host private tea, coffee and spirits tastings for groups of 6 to 20 people, put together gift sets for companies and special occasions, and supply cafés, restaurants and shops. Send us the [business enquiry form](/b2b_enquiry) with your preferred date, group size and budget, and our business team will contact you within 2 working days.

Growers, roasters, incense makers and distillers who would like to work with us are welcome to use the [business enquiry form](/b2b_enquiry) too.

## Press

Members of the press are welcome to write to hello@sipandgather.hk.`,
  contentZh: `無論你對訂單有疑問、想推薦我們引入某款茶或咖啡，還是打算舉辦私人品鑑會，我們都很樂意聽到你的聲音。

## 電郵

請電郵至 hello@sipandgather.hk。我們會盡量在一個工作天內回覆。如查詢與訂單有關，請附上訂單編號及結帳時所用的電郵地址，方便我們盡快找到你的訂單。

## 到訪我們的品鑑室

Sip & Gather
香港上環永樂街128號5樓5B室

品鑑室距離港鐵上環站只需數分鐘步程。歡迎隨時到來聞聞茶香、試一杯本週咖啡，或領取網上訂單。

## 營業時間

- 星期二至星期五：12:00 至 19:00
- 星期六及星期日：11:00 至 18:00
- 星期一及香港公眾假期：休息

品鑑活動或會延至晚上舉行，時間請參閱活動頁面。如八號或以上颱風信號或黑色暴雨警告生效，品鑑室將會關閉，受影響的活動將另行安排日期。

## 商業查詢

我們為 6 至 20 人的團體舉辦私人茶、咖啡及烈酒品鑑會，為企業及特別場合搭配禮品套裝，亦為咖啡店、餐廳及商店供貨。請填寫[商業查詢表格](/b2b_enquiry)，告訴我們你心儀的日期、人數及預算，我們的商業團隊會在 2 個工作天內與你聯絡。

有意與我們合作的茶農、烘焙師、製香師及蒸餾師，同樣歡迎填寫[商業查詢表格](/b2b_enquiry)。

## 傳媒

傳媒朋友歡迎電郵至 hello@sipandgather.hk。`,
};

const shipReturnPolicy: SeedInformation = {
  id: 'ship_return_policy',
  titleEn: 'Shipping & returns',
  titleZh: '送貨及退貨政策',
  contentEn: `We pack every order by hand in our Sheung Wan tasting room so that your tea, coffee, incense and spirits arrive as fresh as when they left us.

## Where we deliver

We deliver to Hong Kong, Macau, Taiwan, Singapore, Malaysia, Japan, South Korea, Australia, New Zealand, the United Kingdom, the United States, Canada and selected European Union countries. The full list of destinations is shown in the address form at checkout.

## Delivery time

Orders are delivered within 4 to 7 working days after payment is confirmed. We offer standard delivery only; express and same-day delivery are not available. Working days are Monday to Friday, excluding Hong Kong public holidays. Severe weather, such as Typhoon Signal No. 8 or a Black Rainstorm Warning, and customs checks may cause delays.

## Shipping fees, duties and taxes

Shipping fees depend on the destination and the weight of your order, and are shown at checkout before you pay. Orders sent outside Hong Kong may be subject to import duties and taxes charged by the destination; these are payable by the recipient.

## Alcohol

Spirits are sold and delivered only to persons aged 18 or over. You must confirm that you are over 18 before placing an order that contains alcohol, and the courier may ask the recipient for proof of age. Some destinations restrict the import of alcohol; where we cannot ship spirits to your address, they will not be available at checkout.

## Returns

Because our products are food, drink and consumables, we can accept returns only of unopened items in their original condition within 7 days of delivery. Opened tea, coffee, incense and spirits cannot be returned unless they are faulty.

If an item arrives damaged, or we send the wrong item, please email hello@sipandgather.hk within 48 hours of delivery with your order number and photos. We will send a replacement or give you a full refund, including shipping.

## Refunds

Refunds are made to your original payment method (card, Alipay or FPS) within 7 to 14 working days after we receive and check the returned item.

## Subscriptions

Box-set subscriptions can be cancelled at any time before the next billing date. Boxes that have already been dispatched cannot be returned unless they are faulty.`,
  contentZh: `每一份訂單都由我們在上環品鑑室親手包裝，確保你的茶、咖啡、香品和烈酒送達時，依然如離開我們時一樣新鮮。

## 送貨範圍

我們送貨至香港、澳門、台灣、新加坡、馬來西亞、日本、韓國、澳洲、新西蘭、英國、美國、加拿大及指定歐盟國家。完整的送貨地區列表會在結帳時的地址表格中顯示。

## 送貨時間

訂單會在確認付款後 4 至 7 個工作天內送達。我們只提供標準送貨服務，不設特快或即日送貨。工作天指星期一至星期五，香港公眾假期除外。惡劣天氣（例如八號颱風信號或黑色暴雨警告）及海關檢查或會導致延誤。

## 運費、關稅及稅項

運費視乎送貨目的地及訂單重量而定，並會在你付款前於結帳頁面顯示。寄往香港以外地區的訂單或須繳付目的地徵收的進口關稅及稅項，有關費用由收件人支付。

## 酒類

烈酒只會售予及送交年滿 18 歲人士。在落單購買含酒類的訂單前，你必須確認已年滿 18 歲，速遞員亦可能要求收件人出示年齡證明。部分地區限制酒類進口；如我們無法把烈酒寄往你的地址，結帳時將不會提供該等貨品。

## 退貨

由於我們的產品屬食品、飲品及消耗品，我們只接受在送達後 7 天內退回未開封及保持原狀的貨品。已開封的茶、咖啡、香品及烈酒，除非有瑕疵，否則不設退貨。

如貨品送達時已損壞，或我們寄錯貨品，請於送達後 48 小時內電郵至 hello@sipandgather.hk，並附上訂單編號及相片。我們會寄出替換貨品，或全數退款（包括運費）。

## 退款

我們收到並檢查退回的貨品後，會在 7 至 14 個工作天內把款項退回你原來的付款方式（信用卡、支付寶或轉數快）。

## 訂閱

禮盒套裝訂閱可在下一個收費日前隨時取消。已寄出的禮盒除非有瑕疵，否則不設退貨。`,
};

const gotQuestion: SeedInformation = {
  id: 'got_question',
  titleEn: 'Got a question?',
  titleZh: '有疑問？',
  contentEn: `Whether you are choosing your first oolong, wondering which grinder suits your pour-over, or planning a gift, our team is here to help. Everyone who answers your questions tastes our products every week.

## Start with the FAQ

Many common questions about membership, subscriptions, tasting events, payment and delivery are answered on our FAQ page. It is the quickest way to get an answer, day or night.

## Questions about a product

Tell us what you usually drink and what you enjoy about it, and we will suggest something to try next. We can also share brewing guides for tea and coffee, advice on burning and storing incense, and serving suggestions for spirits.

## Questions about an order

Please include your order number and the email address you used at checkout. For deliveries, remember that orders arrive within 4 to 7 working days after payment is confirmed. If your FPS payment did not go through within the 10-minute window, the order will have been cancelled automatically and you can simply place it again.

## Questions about membership and events

Anyone can open an account; Regular Membership comes by invitation from a member, and SVIP with a box-set subscription (see the [FAQ](/faq)). We can help you with event bookings, bringing guests, upgrading to SVIP or changing your subscription.

## How to reach us

- Email: hello@sipandgather.hk
- Visit: Unit 5B, 5/F, 128 Wing Lok Street, Sheung Wan, Hong Kong
- Tasting room hours: Tuesday to Friday 12:00 to 19:00, Saturday and Sunday 11:00 to 18:00

We reply to emails within one working day, in English or Traditional Chinese.`,
  contentZh: `無論你正在挑選人生第一款烏龍、想知道哪款磨豆機最適合手沖，還是正在籌備送禮，我們的團隊都樂意幫忙。每一位回答你問題的同事，每星期都會親自品嚐我們的產品。

## 先看常見問題

關於會員、訂閱、品鑑活動、付款及送貨的常見問題，大多已在常見問題頁面解答。這是無論日夜都能最快找到答案的方法。

## 產品查詢

告訴我們你平日喝甚麼、喜歡它的甚麼地方，我們會建議你下一款可以嘗試的產品。我們亦可提供茶和咖啡的沖泡指南、點香及保存香品的建議，以及烈酒的飲用建議。

## 訂單查詢

請附上訂單編號及結帳時所用的電郵地址。送貨方面，訂單會在確認付款後 4 至 7 個工作天內送達。如你的轉數快付款未能在 10 分鐘內完成，訂單會自動取消，你只需重新落單即可。

## 會員及活動查詢

任何人都可以開設帳戶；一般會員由會員邀請加入，訂閱禮盒套裝即成為 SVIP（詳見[常見問題](/faq)）。我們可協助你預訂活動、攜同賓客、升級至 SVIP 或更改訂閱。

## 聯絡方法

- 電郵：hello@sipandgather.hk
- 地址：香港上環永樂街128號5樓5B室
- 品鑑室開放時間：星期二至星期五 12:00 至 19:00，星期六及星期日 11:00 至 18:00

我們會在一個工作天內以英文或繁體中文回覆電郵。`,
};

const faq: SeedInformation = {
  id: 'faq',
  titleEn: 'Frequently asked questions',
  titleZh: '常見問題',
  contentEn: `## Who can open an account, and how do I become a member?

${MEMBERSHIP.en}

To become a Regular Member, ask a friend who is a member to invite you. To become an SVIP, choose a box-set subscription.

## How do box-set subscriptions work?

Choose a box set and a frequency: monthly, quarterly or annually. We charge you at the start of each period and dispatch the box shortly afterwards. You can cancel at any time before the next billing date from your account page.

## Can I bring guests to a tasting event?

Yes. When booking a paid tasting event, you can add guests to your booking, subject to the places available. Each guest pays the event price, and guests must be 18 or over for any event that includes spirits.

## Why do I need to confirm that I am over 18?

Under Hong Kong law, alcohol may be sold only to persons aged 18 or over. Before you place an order that contains alcohol, you will be asked to confirm that you are over 18. The courier may also ask for proof of age on delivery.

## Which payment methods do you accept?

We accept credit and debit cards, Alipay and FPS. If you pay by FPS, please scan the QR code and complete the payment within 10 minutes; otherwise the order is cancelled and the items are released.

## How long does delivery take?

Orders are delivered within 4 to 7 working days after payment is confirmed. We offer standard delivery only. See our Shipping & returns page for destinations and our returns policy.

## Can I shop in a different currency or language?

Prices are shown in HKD in Hong Kong and in USD elsewhere, and you can change the currency at any time from the menu. The website is available in English and Traditional Chinese.`,
  contentZh: `## 誰可以開設帳戶？如何成為會員？

${MEMBERSHIP.zh}

想成為一般會員，請已是會員的朋友邀請你；想成為 SVIP，請選擇訂閱禮盒套裝。

## 禮盒套裝訂閱如何運作？

選擇一款禮盒套裝及送遞頻率：每月、每季或每年。我們會在每個週期開始時收費，並於隨後寄出禮盒。你可在下一個收費日前隨時於帳戶頁面取消訂閱。

## 我可以攜同賓客參加品鑑活動嗎？

可以。預訂付費品鑑活動時，你可在名額許可下為預訂加入賓客。每位賓客須支付活動費用；如活動包括烈酒，賓客必須年滿 18 歲。

## 為甚麼我需要確認已年滿 18 歲？

根據香港法律，酒類只可售予年滿 18 歲人士。在落單購買含酒類的訂單前，你須確認已年滿 18 歲。速遞員送貨時亦可能要求出示年齡證明。

## 你們接受哪些付款方式？

我們接受信用卡及扣賬卡、支付寶和轉數快。如以轉數快付款，請於 10 分鐘內掃描二維碼並完成付款，否則訂單將被取消，貨品亦會重新開放出售。

## 送貨需時多久？

訂單會在確認付款後 4 至 7 個工作天內送達。我們只提供標準送貨服務。送貨地區及退貨政策請參閱送貨及退貨政策頁面。

## 我可以用其他貨幣或語言購物嗎？

在香港以港幣標價，其他地區以美元標價，你可隨時在選單中更改貨幣。本網站提供英文及繁體中文版本。`,
};

const privacyPolicy: SeedInformation = {
  id: 'privacy_policy',
  titleEn: 'Privacy policy',
  titleZh: '私隱政策',
  contentEn: `Sip & Gather Limited ("Sip & Gather", "we", "us") respects your privacy. This policy explains how we collect and use your personal data in accordance with the Personal Data (Privacy) Ordinance (Cap. 486) of Hong Kong.

## What we collect

- Account details: your name, email address, phone number, preferred language and currency, and who invited you to join.
- Order details: delivery addresses, items purchased, and payment status. Card details are processed by our payment providers; we do not store full card numbers.
- Age confirmation: your confirmation that you are over 18 when ordering alcohol.
- Community content: taste cards, inspiration posts and event bookings, including the names of guests you bring.
- Technical data: device, browser and cookie information used to keep you signed in and to improve our website.

## How we use it

We use your personal data to process orders and subscriptions, deliver parcels, manage membership and tasting events, respond to enquiries, prevent fraud, and meet our legal obligations, including the restrictions on selling alcohol to minors.

## Direct marketing

We will send you newsletters and offers only if you have given your consent. You can withdraw your consent at any time, free of charge, by using the unsubscribe link or emailing us.

## Who we share it with

We share personal data only with service providers who help us run the shop, such as payment providers, couriers, and IT and hosting services, and only as needed for those purposes. We may also disclose data where required by law. We do not sell your personal data.

## Transfer, retention and security

Some of our service providers store data outside Hong Kong. We keep personal data only for as long as needed for the purposes above or as required by law, and protect it with appropriate technical and organisational measures.

## Your rights

Under the Ordinance, you have the right to request access to and correction of your personal data. We may charge a reasonable fee for processing a data access request.

## Contact

Please send requests or questions about this policy to our Data Protection Officer at hello@sipandgather.hk, or by post to Unit 5B, 5/F, 128 Wing Lok Street, Sheung Wan, Hong Kong.`,
  contentZh: `Sip & Gather Limited（「Sip & Gather」或「我們」）尊重你的私隱。本政策說明我們如何按照香港《個人資料（私隱）條例》（第486章）收集及使用你的個人資料。

## 我們收集的資料

- 帳戶資料：你的姓名、電郵地址、電話號碼、偏好語言及貨幣，以及邀請你加入的會員。
- 訂單資料：送貨地址、所購貨品及付款狀態。信用卡資料由我們的付款服務供應商處理，我們不會儲存完整的卡號。
- 年齡確認：你在購買酒類時確認已年滿 18 歲的紀錄。
- 社群內容：品鑑卡、靈感帖文及活動預訂，包括你攜同賓客的姓名。
- 技術資料：用於保持你的登入狀態及改善網站的裝置、瀏覽器及 Cookie 資料。

## 資料用途

我們使用你的個人資料以處理訂單及訂閱、寄送包裹、管理會員資格及品鑑活動、回覆查詢、防止欺詐，以及履行法律責任，包括禁止向未成年人士出售酒類的規定。

## 直接促銷

我們只會在取得你的同意後，才向你發送通訊及優惠資訊。你可隨時透過取消訂閱連結或電郵通知我們，免費撤回同意。

## 資料分享

我們只會與協助我們營運網店的服務供應商分享個人資料，例如付款服務供應商、速遞公司以及資訊科技及寄存服務，並只限於上述用途所需。我們亦可能在法律要求下披露資料。我們不會出售你的個人資料。

## 轉移、保留及保安

部分服務供應商會在香港以外地方儲存資料。我們只會在達致上述用途所需的期間內或按法律要求保留個人資料，並以適當的技術及組織措施加以保護。

## 你的權利

根據該條例，你有權要求查閱及改正你的個人資料。我們可能就處理查閱資料要求收取合理費用。

## 聯絡我們

如對本政策有任何要求或疑問，請電郵至 hello@sipandgather.hk 聯絡我們的資料保障主任，或郵寄至香港上環永樂街128號5樓5B室。`,
};

const termsAndConditions: SeedInformation = {
  id: 'terms_and_conditions',
  titleEn: 'Terms and conditions',
  titleZh: '條款及細則',
  contentEn: `These terms apply to your use of the Sip & Gather website and to every purchase, subscription and event booking you make with Sip & Gather Limited, a company incorporated in Hong Kong. By using our website you agree to these terms.

## Accounts and membership

You must give accurate information when creating an account and keep your password secure. Regular Membership is by invitation from an existing member. SVIP benefits, including the tasting box every 3 months, member discounts and priority access to events, apply while your SVIP membership is active. We may suspend accounts that breach these terms.

## Prices and payment

Prices are shown in HKD for Hong Kong and in USD for other destinations, and you may choose your currency. We accept cards, Alipay and FPS. An FPS QR code must be paid within 10 minutes, after which the order is cancelled. A contract is formed when we confirm your payment. If a price is clearly wrong, we may cancel the order and refund you in full.

## Alcohol

Under Hong Kong law, intoxicating liquor must not be sold or supplied to a minor in the course of business. Alcohol is sold only to persons aged 18 or over, and you must confirm that you are over 18 before placing an order that contains alcohol. We may ask for proof of age and may cancel any order where we are not satisfied.

## Delivery and returns

Orders are delivered by standard delivery within 4 to 7 working days after payment is confirmed. Returns and refunds are governed by our Shipping & returns policy.

## Subscriptions and tasting events

Subscriptions renew automatically each month, quarter or year until cancelled before the next billing date. Tasting event fees are payable when booking; you are responsible for the guests you bring, who must also be 18 or over for events that include spirits. If we cancel an event, we will refund you in full.

## Your content

You keep ownership of the taste cards and inspiration posts you write, and grant us a licence to display them on our website. Content must be your own, lawful and respectful; we may remove content that is not.

## Liability

Nothing in these terms limits any rights you have as a consumer under Hong Kong law. Otherwise, our liability for any order is limited to the amount you paid for it.

## Governing law

These terms are governed by the laws of the Hong Kong Special Administrative Region, and the courts of Hong Kong have non-exclusive jurisdiction.`,
  contentZh: `本條款適用於你使用 Sip & Gather 網站，以及你向 Sip & Gather Limited（一間於香港註冊成立的公司）作出的每一次購物、訂閱及活動預訂。使用我們的網站即表示你同意本條款。

## 帳戶及會員資格

建立帳戶時，你必須提供準確資料並妥善保管密碼。一般會員須由現有會員邀請加入。SVIP 福利，包括每 3 個月一個品鑑禮盒、會員折扣及優先參加活動，只在你的 SVIP 會籍有效期間適用。如帳戶違反本條款，我們可暫停該帳戶。

## 價格及付款

香港以港幣標價，其他送貨地區以美元標價，你可自行選擇貨幣。我們接受信用卡、支付寶及轉數快。轉數快二維碼須在 10 分鐘內完成付款，逾時訂單將被取消。合約於我們確認收到你的付款時成立。如價格明顯有誤，我們可取消訂單並全數退款。

## 酒類

根據香港法律，不得在業務過程中，向未成年人士售賣或供應令人醺醉的酒類。本店只向年滿 18 歲人士出售酒類，在落單購買含酒類的訂單前，你必須確認已年滿 18 歲。我們可要求你出示年齡證明，如未能信納，可取消有關訂單。

## 送貨及退貨

訂單以標準送貨方式，於確認付款後 4 至 7 個工作天內送達。退貨及退款受我們的送貨及退貨政策規管。

## 訂閱及品鑑活動

訂閱會按月、按季或按年自動續期，直至你在下一個收費日前取消為止。品鑑活動費用須於預訂時支付；你須為攜同的賓客負責，如活動包括烈酒，賓客亦必須年滿 18 歲。如我們取消活動，將全數退款。

## 你的內容

你撰寫的品鑑卡及靈感帖文的擁有權歸你所有，你授權我們在網站上展示有關內容。內容必須是你的原創、合法及尊重他人；否則我們可將其刪除。

## 責任

本條款不會限制你根據香港法律作為消費者所享有的任何權利。除此以外，我們就任何訂單的責任以你為該訂單支付的金額為限。

## 管轄法律

本條款受香港特別行政區法律管轄，香港法院具有非專屬司法管轄權。`,
};

export const informationPages: SeedInformation[] = [
  about,
  contactUs,
  shipReturnPolicy,
  gotQuestion,
  faq,
  privacyPolicy,
  termsAndConditions,
];

export const content: SeedContent = {
  navigationMenu: [
    { Label: { en: 'New in', zh: '新品' }, To: '/new_in' },
    { Label: { en: 'Tea', zh: '茶' }, To: '/new_in/tea' },
    { Label: { en: 'Coffee', zh: '咖啡' }, To: '/new_in/coffee' },
    { Label: { en: 'Incense', zh: '香品' }, To: '/new_in/incense' },
    { Label: { en: 'Spirits', zh: '烈酒' }, To: '/new_in/spirits' },
    { Label: { en: 'Equipment', zh: '器具' }, To: '/new_in/equipment' },
    { Label: { en: 'Box sets', zh: '禮盒套裝' }, To: '/new_in/boxset' },
    // Spec §2 has no events page: the landing's block of upcoming tastings is where events are listed.
    { Label: { en: 'Events', zh: '活動' }, To: '/home#upcoming-tastings' },
    { Label: { en: 'Inspiration', zh: '靈感' }, To: '/inspiration' },
    { Label: { en: 'Business', zh: '商業查詢' }, To: '/b2b_enquiry' },
    { Label: { en: 'About', zh: '關於我們' }, To: '/about' },
  ],
  footer: {
    Columns: [
      {
        Title: { en: 'Shop', zh: '商店' },
        Links: [
          { Label: { en: 'New in', zh: '新品' }, To: '/new_in' },
          { Label: { en: 'Tea', zh: '茶' }, To: '/new_in/tea' },
          { Label: { en: 'Coffee', zh: '咖啡' }, To: '/new_in/coffee' },
          { Label: { en: 'Box sets', zh: '禮盒套裝' }, To: '/new_in/boxset' },
        ],
      },
      {
        Title: { en: 'Community', zh: '社群' },
        Links: [
          { Label: { en: 'Events', zh: '活動' }, To: '/home#upcoming-tastings' },
          { Label: { en: 'Inspiration', zh: '靈感' }, To: '/inspiration' },
        ],
      },
      {
        Title: { en: 'Help', zh: '幫助' },
        Links: [
          { Label: { en: 'FAQ', zh: '常見問題' }, To: '/faq' },
          { Label: { en: 'Got a question?', zh: '有疑問？' }, To: '/got_question' },
          { Label: { en: 'Shipping & returns', zh: '送貨及退貨' }, To: '/ship_return_policy' },
          { Label: { en: 'Contact us', zh: '聯絡我們' }, To: '/contact_us' },
        ],
      },
      {
        Title: { en: 'About', zh: '關於' },
        Links: [
          { Label: { en: 'About us', zh: '關於我們' }, To: '/about' },
          { Label: { en: 'Business enquiries', zh: '商業查詢' }, To: '/b2b_enquiry' },
          { Label: { en: 'Privacy policy', zh: '私隱政策' }, To: '/privacy_policy' },
          { Label: { en: 'Terms and conditions', zh: '條款及細則' }, To: '/terms_and_conditions' },
        ],
      },
    ],
    Note: {
      en: '© 2026 Sip & Gather Limited, Hong Kong. Alcohol is sold only to persons aged 18 or over.',
      zh: '© 2026 Sip & Gather Limited，香港。本店只向年滿 18 歲人士出售酒類。',
    },
  },
  newInSection: {
    Title: { en: 'New in', zh: '新品上架' },
    Subtitle: {
      en: 'Fresh arrivals from our growers, roasters, incense makers and distillers, tasted by our team this season.',
      zh: '來自茶農、烘焙師、製香師及蒸餾師的新到貨品，本季經我們團隊親自品嚐。',
    },
  },
  surveyLanding: {
    Title: { en: 'Taste with us, tell us what you tasted', zh: '與我們一起品嚐，告訴我們你嚐到甚麼' },
    Text: {
      en: 'Join a tasting in Sheung Wan, then answer its short survey: your notes, aromas and five senses join everyone else\'s, and shape what we pour next.',
      zh: '到上環參加一場品鑑活動，然後填寫簡短問卷：你的風味筆記、香氣和五感評分會與其他品嚐者的匯集在一起，決定我們下一次斟上甚麼。',
    },
    Image: '/media/art/cup-28-4.svg',
    Button: { Label: { en: 'See upcoming tastings', zh: '查看即將舉行的品鑑' }, To: '#upcoming-tastings' },
  },
};
