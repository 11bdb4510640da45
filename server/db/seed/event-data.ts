/**
 * Tasting events seed (issue 15): ten events across tea, coffee, incense and spirits, each with dated
 * sessions placed relative to the seed's `now` (Hong Kong wall-clock times, on whole hours), so they stay in
 * the future whenever the shop is seeded. Sessions sit 10 to 95 days ahead, so a test whose clock runs a few
 * weeks behind or ahead of the seed still sees them as coming. Sale windows open on whole hours too: counted
 * from the start of `now`'s hour (whole-hours.ts), never at its odd minute.
 *
 * Relied on by tests and e2e (name them through the constants below):
 * - SEED_EVENT_NEARLY_FULL_SESSION (evs-islay-whisky-2): 16 seats, 2 left (at or below FEW_SPACES_LEFT).
 * - SEED_EVENT_SOLD_OUT_SESSION (evs-matcha-whisking-1): 12 seats, none left.
 * - SEED_EVENT_PAST_SESSION (evs-gongfu-oolong-0): ended 3 days before `now`; its event has future ones.
 * - SEED_EVENT_PAST_ONLY (evt-baijiu-night): its only session ended 5 days before `now`: never listed.
 * - SEED_EVENT_STARTED_TODAY_SESSION (evs-matcha-whisking-0): started earlier on `now`'s Hong Kong day (two
 *   whole hours before `now`'s hour, at midnight at the earliest), 90 minutes; the demo member attended it
 *   (demo-attendance.ts), so its survey is there to answer. Not offered (started); its 4 seats left are walk-ins' places
 *   at its gathering (gathering-data.ts).
 * - SEED_EVENT_SALE_NOT_OPEN_SESSION (evs-agarwood-3): its sale opens 20 days after `now`.
 * - SEED_EVENT_SVIP_SESSIONS (evs-puer-vertical-2, evs-incense-making-3): SVIP early access (issue 18) open
 *   since 2 days before `now`; the sale opens to everyone 4 days after `now` (NotOpen until then).
 * - Every other session: on sale since 14 days before `now` until it starts, 12–30 seats, most left.
 * Spirits tastings (whisky, sake, baijiu) are of the alcohol type: 18 and over.
 */
import type { Db } from '../client.ts';
import { eventVariances, events } from '../schema.ts';
import type { ArtSeed } from './types.ts';
import { DAY_MS, HOUR_MS, daysFromHour, startOfHour } from './whole-hours.ts';

const MINUTE_MS = 60_000;
/** A session's start: this many whole hours before `now`'s hour, on `now`'s Hong Kong day (midnight at the earliest). */
export const EARLIER_TODAY = 'earlier today';
const EARLIER_TODAY_HOURS = 2;
/** Hong Kong is UTC+8 all year (no daylight saving). */
const HK_OFFSET_MS = 8 * 3_600_000;

export const SEED_EVENT_IDS = {
  gongfuOolong: 'evt-gongfu-oolong',
  puerVertical: 'evt-puer-vertical',
  matchaWhisking: 'evt-matcha-whisking',
  coffeeCupping: 'evt-coffee-cupping',
  pourOver: 'evt-pour-over-home',
  agarwood: 'evt-agarwood-appreciation',
  incenseMaking: 'evt-incense-making',
  islayWhisky: 'evt-islay-whisky',
  sakePairing: 'evt-sake-pairing',
  baijiuNight: 'evt-baijiu-night',
} as const;

export const SEED_EVENT_NEARLY_FULL_SESSION = 'evs-islay-whisky-2';
export const SEED_EVENT_SOLD_OUT_SESSION = 'evs-matcha-whisking-1';
export const SEED_EVENT_PAST_SESSION = 'evs-gongfu-oolong-0';
export const SEED_EVENT_PAST_ONLY = SEED_EVENT_IDS.baijiuNight;
export const SEED_EVENT_SALE_NOT_OPEN_SESSION = 'evs-agarwood-3';
export const SEED_EVENT_STARTED_TODAY_SESSION = 'evs-matcha-whisking-0';
/** Sessions in their SVIP early-access window at the seed's now: only Subscribed members may join yet. */
export const SEED_EVENT_SVIP_SESSIONS = ['evs-puer-vertical-2', 'evs-incense-making-3'] as const;

export interface SeedEventSession {
  id: string;
  /** Days after the seed's `now` (Hong Kong date), negative for a past session. */
  inDays: number;
  /** Hong Kong wall-clock start, "HH:00"; or EARLIER_TODAY (with inDays 0): a session under way or just over. */
  start: string;
  minutes: number;
  capacity: number;
  seatsLeft: number;
  /** When the sale opens, days after `now` (default: 14 days before). */
  saleOpensInDays?: number;
  /** When the SVIP early-access window opens, days after `now` (default: none). */
  svipSaleOpensInDays?: number;
}

export interface SeedEvent {
  id: string;
  typeId: 'tea' | 'coffee' | 'incense' | 'spirits';
  titleEn: string;
  titleZh: string;
  descriptionEn: string;
  descriptionZh: string;
  hostNameEn: string;
  hostNameZh: string;
  hostBioEn: string;
  hostBioZh: string;
  venueEn: string;
  venueZh: string;
  addressEn: string;
  addressZh: string;
  districtEn: string;
  districtZh: string;
  image: ArtSeed;
  remarkEn: string;
  remarkZh: string;
  /** Per person, integer cents. */
  priceHkd: number;
  priceUsd: number;
  sessions: SeedEventSession[];
}

const ADULTS_ONLY_EN = 'Alcohol is served: for guests aged 18 and over only; please bring photo ID. Please do not drive afterwards.';
const ADULTS_ONLY_ZH = '活動提供酒精飲品，只限 18 歲或以上人士參加，請帶備附相片的身份證明文件。飲酒後請勿駕駛。';

export const seedEvents: readonly SeedEvent[] = [
  {
    id: SEED_EVENT_IDS.gongfuOolong,
    typeId: 'tea',
    titleEn: 'Gongfu Oolong Tasting: From Tieguanyin to Dancong',
    titleZh: '功夫烏龍品茶會：由鐵觀音到鳳凰單叢',
    descriptionEn:
      'Six oolong teas brewed gongfu style in a gaiwan and clay pot: a fresh Anxi Tieguanyin, a charcoal-roasted Tieguanyin, Wuyi rock tea and three Phoenix Dancong. Learn how roast, leaf and water temperature change the cup, and taste each tea through several infusions.',
    descriptionZh:
      '以蓋碗及紫砂壺功夫沖泡六款烏龍茶：清香安溪鐵觀音、炭焙鐵觀音、武夷岩茶及三款鳳凰單叢。了解焙火、茶葉與水溫如何改變茶湯，每款茶多泡細品。',
    hostNameEn: 'Wong Ka-yan',
    hostNameZh: '黃嘉欣',
    hostBioEn: 'Tea teacher who has sourced oolong in Anxi and Chaozhou for twelve years; runs gongfu classes in Sheung Wan.',
    hostBioZh: '茶藝導師，十二年來往返安溪及潮州尋茶，於上環教授功夫茶。',
    venueEn: 'Tai Ping Shan Tea Room',
    venueZh: '太平山茶室',
    addressEn: 'G/F, 12 Tai Ping Shan Street, Sheung Wan, Hong Kong',
    addressZh: '香港上環太平山街12號地下',
    districtEn: 'Sheung Wan',
    districtZh: '上環',
    image: 'teapot-28-3',
    remarkEn: 'All tea ware is provided. Please avoid strong perfume so everyone can enjoy the aromas.',
    remarkZh: '茶具由主辦提供。為免影響茶香，請避免使用濃烈香水。',
    priceHkd: 28000,
    priceUsd: 3600,
    sessions: [
      { id: 'evs-gongfu-oolong-0', inDays: -3, start: '19:00', minutes: 120, capacity: 16, seatsLeft: 4 },
      { id: 'evs-gongfu-oolong-1', inDays: 12, start: '19:00', minutes: 120, capacity: 16, seatsLeft: 11 },
      { id: 'evs-gongfu-oolong-2', inDays: 40, start: '14:00', minutes: 120, capacity: 16, seatsLeft: 16 },
      { id: 'evs-gongfu-oolong-3', inDays: 68, start: '19:00', minutes: 120, capacity: 16, seatsLeft: 16 },
    ],
  },
  {
    id: SEED_EVENT_IDS.puerVertical,
    typeId: 'tea',
    titleEn: "Aged Pu'er Vertical: 2006 to 2019",
    titleZh: '陳年普洱垂直品鑑：2006 至 2019',
    descriptionEn:
      "Taste the same Yunnan raw pu'er cake at four ages, stored in Hong Kong's humid climate, and a ripe pu'er for contrast. See how bitterness turns to sweetness and camphor over the years, and learn how to store cakes at home.",
    descriptionZh: '同一款雲南生普洱茶餅，四個年份、在香港濕潤氣候下存放，另以一款熟普對照。細味苦澀如何隨年月轉化成回甘與樟香，並學習在家存茶之道。',
    hostNameEn: 'Chan Wai-man',
    hostNameZh: '陳偉文',
    hostBioEn: "Third-generation tea merchant and pu'er collector; his family has stored tea in Sheung Wan since the 1970s.",
    hostBioZh: '第三代茶商及普洱收藏家，家族自七十年代起於上環存茶。',
    venueEn: 'Hollywood Road Tea Studio',
    venueZh: '荷李活道茶研室',
    addressEn: '2/F, 198 Hollywood Road, Sheung Wan, Hong Kong',
    addressZh: '香港上環荷李活道198號2樓',
    districtEn: 'Sheung Wan',
    districtZh: '上環',
    image: 'leaf-30-7',
    remarkEn: 'Light snacks are served between teas. Take-home samples of two vintages are included.',
    remarkZh: '品茶之間備有茶點。附送兩個年份的茶樣帶回家。',
    priceHkd: 48000,
    priceUsd: 6200,
    sessions: [
      { id: 'evs-puer-vertical-1', inDays: 18, start: '15:00', minutes: 150, capacity: 12, seatsLeft: 9 },
      { id: 'evs-puer-vertical-2', inDays: 53, start: '15:00', minutes: 150, capacity: 12, seatsLeft: 12, svipSaleOpensInDays: -2, saleOpensInDays: 4 },
    ],
  },
  {
    id: SEED_EVENT_IDS.matchaWhisking,
    typeId: 'tea',
    titleEn: 'Matcha Whisking Workshop',
    titleZh: '抹茶刷茶工作坊',
    descriptionEn:
      'Sift, whisk and taste ceremonial matcha from Uji. Practise usucha and koicha with your own bamboo whisk, and pair them with seasonal wagashi.',
    descriptionZh: '篩粉、刷茶、品茶：以宇治茶道級抹茶，親手用竹茶筅練習薄茶與濃茶，並配以時令和菓子。',
    hostNameEn: 'Yuki Tanaka',
    hostNameZh: '田中由紀',
    hostBioEn: 'Urasenke-trained tea practitioner from Kyoto, teaching the way of tea in Hong Kong since 2015.',
    hostBioZh: '京都出身，習裏千家茶道，自 2015 年起在香港教授茶道。',
    venueEn: 'Tai Hang Tea Atelier',
    venueZh: '大坑茶工房',
    addressEn: 'G/F, 15 Shepherd Street, Tai Hang, Hong Kong',
    addressZh: '香港大坑施弼街15號地下',
    districtEn: 'Tai Hang',
    districtZh: '大坑',
    image: 'cup-105-4',
    remarkEn: 'You keep your bamboo whisk. Seating is on low stools; tell us if you need a chair.',
    remarkZh: '竹茶筅可帶回家。座位為矮凳，如需椅子請預先告知。',
    priceHkd: 38000,
    priceUsd: 4900,
    sessions: [
      { id: SEED_EVENT_STARTED_TODAY_SESSION, inDays: 0, start: EARLIER_TODAY, minutes: 90, capacity: 12, seatsLeft: 4 },
      { id: 'evs-matcha-whisking-1', inDays: 15, start: '11:00', minutes: 90, capacity: 12, seatsLeft: 0 },
      { id: 'evs-matcha-whisking-2', inDays: 29, start: '11:00', minutes: 90, capacity: 12, seatsLeft: 10 },
      { id: 'evs-matcha-whisking-3', inDays: 57, start: '15:00', minutes: 90, capacity: 12, seatsLeft: 12 },
    ],
  },
  {
    id: SEED_EVENT_IDS.coffeeCupping,
    typeId: 'coffee',
    titleEn: 'Single-Origin Cupping: Ethiopia and Kenya',
    titleZh: '單品咖啡杯測：埃塞俄比亞與肯雅',
    descriptionEn:
      'Cup eight washed and natural coffees from Yirgacheffe, Guji, Nyeri and Kirinyaga side by side, the way roasters and buyers do. Learn to score aroma, acidity, body and finish with a professional cupping form.',
    descriptionZh: '如烘焙師及採購員般並排杯測八款來自耶加雪菲、古吉、涅里及基里尼亞加的水洗與日曬咖啡，學習以專業杯測表為香氣、酸質、醇厚度及餘韻評分。',
    hostNameEn: 'Marcus Lee',
    hostNameZh: '李卓軒',
    hostBioEn: 'Licensed Q Arabica grader and head roaster of a Kwun Tong micro-roastery; judges at regional brewing competitions.',
    hostBioZh: '持牌 Q Arabica 咖啡品質鑑定師，觀塘微型烘焙坊首席烘焙師，亦擔任區內沖煮比賽評審。',
    venueEn: 'Hoi Yuen Road Roastery Lab',
    venueZh: '開源道烘焙實驗室',
    addressEn: 'Unit 5B, 9/F, Block 3, Camel Paint Building, 62 Hoi Yuen Road, Kwun Tong, Kowloon',
    addressZh: '九龍觀塘開源道62號駱駝漆大廈3座9樓5B室',
    districtEn: 'Kwun Tong',
    districtZh: '觀塘',
    image: 'bean-24-2',
    remarkEn: 'Spoons and cupping forms are provided. Eat lightly beforehand; there is plenty of coffee.',
    remarkZh: '提供杯測匙及杯測表。咖啡份量充足，建議事前進食清淡。',
    priceHkd: 25000,
    priceUsd: 3200,
    sessions: [
      { id: 'evs-coffee-cupping-1', inDays: 10, start: '10:00', minutes: 120, capacity: 20, seatsLeft: 14 },
      { id: 'evs-coffee-cupping-2', inDays: 24, start: '10:00', minutes: 120, capacity: 20, seatsLeft: 20 },
      { id: 'evs-coffee-cupping-3', inDays: 45, start: '10:00', minutes: 120, capacity: 20, seatsLeft: 20 },
    ],
  },
  {
    id: SEED_EVENT_IDS.pourOver,
    typeId: 'coffee',
    titleEn: 'Pour-Over at Home: Grind, Ratio, Pour',
    titleZh: '在家手沖咖啡：研磨、粉水比、注水',
    descriptionEn:
      'A hands-on pour-over class for beginners. Brew with V60 and Kalita drippers, dial in grind size and ratio, and learn a pouring routine you can repeat every morning.',
    descriptionZh: '為初學者而設的手沖咖啡實習班。使用 V60 及 Kalita 濾杯沖煮，調校研磨度與粉水比，學會每天早上都能重複的注水方法。',
    hostNameEn: 'Karen Ho',
    hostNameZh: '何嘉雯',
    hostBioEn: 'Barista and trainer; two-time Hong Kong Brewers Cup finalist who now teaches home brewing in Sham Shui Po.',
    hostBioZh: '咖啡師及導師，兩度打入香港手沖咖啡大賽決賽，現於深水埗教授家居沖煮。',
    venueEn: 'Tai Nan Street Brew Bar',
    venueZh: '大南街手沖吧',
    addressEn: 'G/F, 181 Tai Nan Street, Sham Shui Po, Kowloon',
    addressZh: '九龍深水埗大南街181號地下',
    districtEn: 'Sham Shui Po',
    districtZh: '深水埗',
    image: 'pourover-32-5',
    remarkEn: 'Each guest brews at their own station; 100 g of freshly roasted beans to take home are included.',
    remarkZh: '每位參加者設獨立沖煮位，並附送 100 克新鮮烘焙咖啡豆帶回家。',
    priceHkd: 32000,
    priceUsd: 4100,
    sessions: [
      { id: 'evs-pour-over-home-1', inDays: 20, start: '19:00', minutes: 120, capacity: 14, seatsLeft: 8 },
      { id: 'evs-pour-over-home-2', inDays: 48, start: '14:00', minutes: 120, capacity: 14, seatsLeft: 14 },
    ],
  },
  {
    id: SEED_EVENT_IDS.agarwood,
    typeId: 'incense',
    titleEn: 'Agarwood Appreciation: Heating Incense the Traditional Way',
    titleZh: '沉香品香會：傳統隔火熏香',
    descriptionEn:
      'Warm slivers of agarwood over charcoal and mica in the traditional way, and compare Hainan, Vietnamese and Kalimantan wood. Learn how to bury the ember, shape the ash and pass the censer.',
    descriptionZh: '以炭火及雲母片隔火熏香，比較海南、越南及加里曼丹沉香。學習埋炭、理灰、傳爐的品香儀軌。',
    hostNameEn: 'Lam Siu-fung',
    hostNameZh: '林少峰',
    hostBioEn: 'Incense craftsman who learned the art in Taipei and Kyoto; he has collected agarwood for twenty years.',
    hostBioZh: '製香師，曾於台北及京都習香，收藏沉香二十年。',
    venueEn: 'Kowloon Incense Hall',
    venueZh: '九龍香堂',
    addressEn: 'Room 1203, 12/F, Prestige Tower, 23 Nathan Road, Tsim Sha Tsui, Kowloon',
    addressZh: '九龍尖沙咀彌敦道23號寶利大廈12樓1203室',
    districtEn: 'Tsim Sha Tsui',
    districtZh: '尖沙咀',
    image: 'censer-18-6',
    remarkEn: 'A quiet session: please arrive on time, as the door closes when the first censer is lit.',
    remarkZh: '品香需要安靜環境，請準時到場，首爐點燃後將關門。',
    priceHkd: 58000,
    priceUsd: 7500,
    sessions: [
      { id: 'evs-agarwood-1', inDays: 16, start: '19:00', minutes: 120, capacity: 12, seatsLeft: 7 },
      { id: 'evs-agarwood-2', inDays: 44, start: '19:00', minutes: 120, capacity: 12, seatsLeft: 12 },
      { id: 'evs-agarwood-3', inDays: 95, start: '19:00', minutes: 120, capacity: 12, seatsLeft: 12, saleOpensInDays: 20 },
    ],
  },
  {
    id: SEED_EVENT_IDS.incenseMaking,
    typeId: 'incense',
    titleEn: 'Make Your Own Incense Cones',
    titleZh: '手作香錐工作坊',
    descriptionEn:
      'Blend sandalwood, agarwood powder, clove and star anise into your own scent, then knead, shape and dry a set of incense cones. Learn what each ingredient adds and how to burn them safely at home.',
    descriptionZh: '以檀香、沉香粉、丁香及八角調配屬於你的香方，再揉合、塑形、陰乾成一組香錐。了解各種香材的作用，以及在家安全焚香的方法。',
    hostNameEn: 'Cheung Mei-ling',
    hostNameZh: '張美玲',
    hostBioEn: 'Aromatherapist and incense maker; she runs a small studio at PMQ and blends incense for temples in Hong Kong.',
    hostBioZh: '香薰治療師及製香人，於元創方經營小型工作室，亦為本地廟宇調配香品。',
    venueEn: 'PMQ Studio S512',
    venueZh: '元創方 S512 工作室',
    addressEn: 'Studio S512, Block A, PMQ, 35 Aberdeen Street, Central, Hong Kong',
    addressZh: '香港中環鴨巴甸街35號元創方A座S512室',
    districtEn: 'Central',
    districtZh: '中環',
    image: 'incense-12-1',
    remarkEn: 'Wear clothes you do not mind getting powder on. Your cones need two days to dry; we pack them for you to take home.',
    remarkZh: '香粉或會沾衣，請穿著輕便衣服。香錐需陰乾兩天，我們會為你包裝帶走。',
    priceHkd: 42000,
    priceUsd: 5400,
    sessions: [
      { id: 'evs-incense-making-1', inDays: 22, start: '14:00', minutes: 150, capacity: 18, seatsLeft: 13 },
      { id: 'evs-incense-making-2', inDays: 36, start: '14:00', minutes: 150, capacity: 18, seatsLeft: 18 },
      { id: 'evs-incense-making-3', inDays: 64, start: '14:00', minutes: 150, capacity: 18, seatsLeft: 18, svipSaleOpensInDays: -2, saleOpensInDays: 4 },
    ],
  },
  {
    id: SEED_EVENT_IDS.islayWhisky,
    typeId: 'spirits',
    titleEn: 'Islay Single Malts: Peat and Sea',
    titleZh: '艾雷島單一麥芽威士忌：泥煤與海風',
    descriptionEn:
      'Five single malt whiskies from Islay, from gently smoked to heavily peated, and a cask-strength finale. Learn how peat, barley and sea air shape the spirit, and how a drop of water opens it up.',
    descriptionZh: '五款艾雷島單一麥芽威士忌，由輕煙燻到重泥煤，壓軸為一款原桶強度。了解泥煤、大麥與海風如何塑造酒體，以及加一滴水如何令香氣綻放。',
    hostNameEn: 'Alasdair Murray',
    hostNameZh: '麥雅倫',
    hostBioEn: 'Scottish whisky ambassador who worked at an Islay distillery for eight years before moving to Hong Kong.',
    hostBioZh: '蘇格蘭威士忌大使，移居香港前曾於艾雷島酒廠工作八年。',
    venueEn: 'The Malt Room',
    venueZh: '麥芽室',
    addressEn: "2/F, 20 D'Aguilar Street, Lan Kwai Fong, Central, Hong Kong",
    addressZh: '香港中環蘭桂坊德己立街20號2樓',
    districtEn: 'Central',
    districtZh: '中環',
    image: 'glass-30-8',
    remarkEn: ADULTS_ONLY_EN,
    remarkZh: ADULTS_ONLY_ZH,
    priceHkd: 68000,
    priceUsd: 8800,
    sessions: [
      { id: 'evs-islay-whisky-1', inDays: 14, start: '20:00', minutes: 120, capacity: 16, seatsLeft: 9 },
      { id: 'evs-islay-whisky-2', inDays: 42, start: '20:00', minutes: 120, capacity: 16, seatsLeft: 2 },
      { id: 'evs-islay-whisky-3', inDays: 70, start: '20:00', minutes: 120, capacity: 16, seatsLeft: 16 },
    ],
  },
  {
    id: SEED_EVENT_IDS.sakePairing,
    typeId: 'spirits',
    titleEn: 'Sake and Small Plates',
    titleZh: '清酒配小菜品酒會',
    descriptionEn:
      'Junmai, ginjo and daiginjo sake from Niigata, Hiroshima and Yamagata, served chilled and warm, each with a small plate from the kitchen. Learn to read a sake label and what rice polishing does to the taste.',
    descriptionZh: '來自新潟、廣島及山形的純米、吟釀及大吟釀清酒，冷飲與燗酒各有不同，每款配一道廚房小菜。學習看懂清酒酒標，以及精米步合如何影響味道。',
    hostNameEn: 'Kenji Mori',
    hostNameZh: '森健二',
    hostBioEn: 'Certified sake sommelier (Kikisake-shi) from Osaka who has introduced Japanese breweries to Hong Kong bars for a decade.',
    hostBioZh: '來自大阪的認證唎酒師，十年來為香港酒吧引進日本酒藏。',
    venueEn: 'Ship Street Sake Bar',
    venueZh: '船街清酒吧',
    addressEn: 'G/F, 8 Ship Street, Wan Chai, Hong Kong',
    addressZh: '香港灣仔船街8號地下',
    districtEn: 'Wan Chai',
    districtZh: '灣仔',
    image: 'bottle-200-2',
    remarkEn: `${ADULTS_ONLY_EN} Tell us about food allergies when you book.`,
    remarkZh: `${ADULTS_ONLY_ZH}如有食物過敏，請於預訂時告知。`,
    priceHkd: 52000,
    priceUsd: 6700,
    sessions: [
      { id: 'evs-sake-pairing-1', inDays: 26, start: '19:00', minutes: 120, capacity: 24, seatsLeft: 17 },
      { id: 'evs-sake-pairing-2', inDays: 54, start: '19:00', minutes: 120, capacity: 24, seatsLeft: 24 },
    ],
  },
  {
    id: SEED_EVENT_IDS.baijiuNight,
    typeId: 'spirits',
    titleEn: 'Baijiu Beyond the Banquet',
    titleZh: '白酒品鑑夜：宴席以外',
    descriptionEn:
      'Strong-aroma, sauce-aroma and light-aroma baijiu tasted neat and in cocktails, with the stories of Sichuan, Guizhou and Shanxi distilleries.',
    descriptionZh: '濃香、醬香及清香型白酒，純飲及調酒各一試，細說四川、貴州及山西酒廠的故事。',
    hostNameEn: 'Leung Chi-keung',
    hostNameZh: '梁志強',
    hostBioEn: 'Bartender and Chinese spirits importer who has championed baijiu cocktails in Hong Kong since 2016.',
    hostBioZh: '調酒師及中國烈酒進口商，自 2016 年起在香港推廣白酒調酒。',
    venueEn: 'Wing Fung Street Bar',
    venueZh: '永豐街酒吧',
    addressEn: 'G/F, 5 Wing Fung Street, Wan Chai, Hong Kong',
    addressZh: '香港灣仔永豐街5號地下',
    districtEn: 'Wan Chai',
    districtZh: '灣仔',
    image: 'bottle-4-6',
    remarkEn: ADULTS_ONLY_EN,
    remarkZh: ADULTS_ONLY_ZH,
    priceHkd: 45000,
    priceUsd: 5800,
    sessions: [{ id: 'evs-baijiu-night-1', inDays: -5, start: '20:00', minutes: 120, capacity: 20, seatsLeft: 3 }],
  },
];

/** A Google Maps search for the venue and its address. */
export function mapSearchUrl(venue: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${venue}, ${address}`)}`;
}

/** The instant of a Hong Kong wall-clock time `inDays` after `now`'s Hong Kong date (EARLIER_TODAY: see there). */
export function hongKongTime(now: Date, inDays: number, hhmm: string): Date {
  const hk = new Date(now.getTime() + HK_OFFSET_MS);
  if (hhmm === EARLIER_TODAY) {
    const midnight = Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth(), hk.getUTCDate()) - HK_OFFSET_MS;
    return new Date(Math.max(midnight, startOfHour(now).getTime() - EARLIER_TODAY_HOURS * HOUR_MS));
  }
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth(), hk.getUTCDate() + inDays, h, m) - HK_OFFSET_MS);
}

export async function seedTastingEvents(db: Db, now: Date): Promise<void> {
  await db.insert(events).values(
    seedEvents.map(({ sessions: _sessions, priceHkd: _hkd, priceUsd: _usd, ...e }) => ({
      ...e,
      mapUrl: mapSearchUrl(e.venueEn, e.addressEn),
      createdAt: new Date(now.getTime() - 30 * DAY_MS),
    })),
  );
  await db.insert(eventVariances).values(
    seedEvents.flatMap((e) =>
      e.sessions.map((s) => {
        const startsAt = hongKongTime(now, s.inDays, s.start);
        return {
          id: s.id,
          eventId: e.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + s.minutes * MINUTE_MS),
          capacity: s.capacity,
          seatsLeft: s.seatsLeft,
          priceHkd: e.priceHkd,
          priceUsd: e.priceUsd,
          saleOpensAt: daysFromHour(now, s.saleOpensInDays ?? -14),
          saleClosesAt: startsAt,
          svipSaleOpensAt: s.svipSaleOpensInDays === undefined ? null : daysFromHour(now, s.svipSaleOpensInDays),
        };
      }),
    ),
  );
}
