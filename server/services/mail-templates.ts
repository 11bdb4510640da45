import type { Mail } from './mail.ts';
import { formatAmount } from './money.ts';

type Language = 'en' | 'zh-Hant';

interface Part {
  subject: string;
  lines: string[];
  /** Links of this language's part, each on its own line after the lines (a ticket each, in an event order's mail). */
  links?: Array<{ label: string; url: string }>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A bilingual mail: the member's language first, the other after it; plain text and HTML. */
function bilingual(to: string, language: Language, en: Part, zh: Part, link?: string): Mail {
  const [first, second] = language === 'zh-Hant' ? [zh, en] : [en, zh];
  const textOf = (p: Part) => [...p.lines, ...(p.links ?? []).map((l) => `${l.label}: ${l.url}`)];
  const text = [...textOf(first), '', '—', '', ...textOf(second), ...(link ? ['', link] : []), '', 'Sip & Gather'].join('\n');
  const block = (p: Part) =>
    p.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    (p.links ?? []).map((l) => `<p>${escapeHtml(l.label)}: <a href="${escapeHtml(l.url)}">${escapeHtml(l.url)}</a></p>`).join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1d1a;max-width:560px">${block(first)}${
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ''
  }<hr>${block(second)}<p style="color:#6b645a">Sip &amp; Gather</p></body></html>`;
  return { to, subject: `${first.subject} · ${second.subject}`, text, html };
}

export function signUpCodeMail(to: string, language: Language, code: string, link: string): Mail {
  return bilingual(
    to,
    language,
    {
      subject: 'Your Sip & Gather verification code',
      lines: [`Your verification code is ${code}.`, 'It expires in 24 hours. You can also verify with the link below.'],
    },
    { subject: 'Sip & Gather 驗證碼', lines: [`你的驗證碼是 ${code}。`, '驗證碼於 24 小時後失效。你亦可透過以下連結完成驗證。'] },
    link,
  );
}

export function resetCodeMail(to: string, language: Language, code: string, link: string): Mail {
  return bilingual(
    to,
    language,
    {
      subject: 'Reset your Sip & Gather password',
      lines: [`Your password reset code is ${code}.`, 'It expires in 1 hour. If you did not ask for it, ignore this mail.'],
    },
    { subject: '重設 Sip & Gather 密碼', lines: [`你的重設密碼驗證碼是 ${code}。`, '驗證碼於 1 小時後失效。如非本人要求，請忽略此電郵。'] },
    link,
  );
}

/** The code for an e-mail change, sent to the new address: the change happens once it comes back. */
export function emailChangeCodeMail(to: string, language: Language, code: string): Mail {
  return bilingual(
    to,
    language,
    {
      subject: 'Confirm your new Sip & Gather e-mail address',
      lines: [
        `Your code to confirm this e-mail address is ${code}.`,
        'It expires in 1 hour. If you did not ask to use this address, ignore this mail.',
      ],
    },
    {
      subject: '確認你的 Sip & Gather 新電郵地址',
      lines: [`確認此電郵地址的驗證碼是 ${code}。`, '驗證碼於 1 小時後失效。如非本人要求，請忽略此電郵。'],
    },
  );
}

/** A security notice to the current address: someone asked to move the account to another address. */
export function emailChangeNoticeMail(to: string, language: Language, newEmail: string): Mail {
  return bilingual(
    to,
    language,
    {
      subject: 'A change of your Sip & Gather e-mail address was requested',
      lines: [
        `We were asked to change the e-mail address of your account to ${newEmail}.`,
        'If this was you, enter the code we sent to that address. If not, change your password now.',
      ],
    },
    {
      subject: '有人要求更改你的 Sip & Gather 電郵地址',
      lines: [`我們收到將你帳戶的電郵地址更改為 ${newEmail} 的要求。`, '如屬本人要求，請輸入寄往該地址的驗證碼；如非本人要求，請立即更改密碼。'],
    },
  );
}

export interface OrderMailFacts {
  reference: string;
  total: number;
  currency: string;
  /** The member's page of the order (order_record). */
  link: string;
}

/** Sent once, when an order's payment comes through. */
export function orderPaidMail(to: string, language: Language, order: OrderMailFacts): Mail {
  const total = formatAmount(order.total, order.currency);
  return bilingual(
    to,
    language,
    {
      subject: `Your Sip & Gather order ${order.reference} is confirmed`,
      lines: [
        `Thank you for your order ${order.reference}. We received your payment of ${total}.`,
        'We will e-mail you when it ships: standard delivery within 4-7 working days.',
      ],
    },
    {
      subject: `你的 Sip & Gather 訂單 ${order.reference} 已確認`,
      lines: [`多謝你的訂單 ${order.reference}。我們已收到你的付款 ${total}。`, '訂單寄出時我們會以電郵通知你：標準送貨需時 4 至 7 個工作天。'],
    },
    order.link,
  );
}

/** Sent when the shop hands the order to the courier (the order moves to the Completed tab). */
export function orderShippedMail(to: string, language: Language, order: OrderMailFacts): Mail {
  return bilingual(
    to,
    language,
    {
      subject: `Your Sip & Gather order ${order.reference} has shipped`,
      lines: [`Your order ${order.reference} is on its way.`, 'Standard delivery takes 4-7 working days.'],
    },
    {
      subject: `你的 Sip & Gather 訂單 ${order.reference} 已寄出`,
      lines: [`你的訂單 ${order.reference} 已經寄出。`, '標準送貨需時 4 至 7 個工作天。'],
    },
    order.link,
  );
}

export interface EventOrderMailFacts {
  reference: string;
  total: number;
  currency: string;
  title: { en: string; zh: string };
  /** yyyy-MM-dd and "19:00–21:00", Hong Kong time. */
  date: string;
  timeSlot: string;
  venue: { en: string; zh: string };
  address: { en: string; zh: string };
  /** The member's page of the booking (event_record). */
  link: string;
  /** One per seat: the member's own links to the record, a guest's to activate_ticket. */
  tickets: Array<{ seatNumber: number; holderName: string; isOwner: boolean; link: string }>;
}

/** Sent once, when an event order's payment comes through: the session, the place and one link per ticket. */
export function eventOrderPaidMail(to: string, language: Language, order: EventOrderMailFacts): Mail {
  const total = formatAmount(order.total, order.currency);
  const seats = order.tickets.length;
  const ticketLinks = (owner: string, guest: (n: number) => string) =>
    order.tickets.map((t) => ({ label: t.isOwner ? owner : `${guest(t.seatNumber)}${t.holderName ? ` (${t.holderName})` : ''}`, url: t.link }));
  return bilingual(
    to,
    language,
    {
      subject: `You're booked: ${order.title.en} on ${order.date}`,
      lines: [
        `Thank you for booking ${order.title.en}. We received your payment of ${total} (order ${order.reference}).`,
        `${order.date}, ${order.timeSlot} (Hong Kong time) at ${order.venue.en}, ${order.address.en}.`,
        seats === 1 ? 'Your ticket:' : `Your ${seats} tickets: send each guest the link of their ticket; they sign in with it to take their seat.`,
      ],
      links: ticketLinks('Your ticket', (n) => `Guest ticket, seat ${n}`),
    },
    {
      subject: `預訂成功：${order.title.zh}（${order.date}）`,
      lines: [
        `多謝你預訂「${order.title.zh}」。我們已收到你的付款 ${total}（訂單 ${order.reference}）。`,
        `${order.date} ${order.timeSlot}（香港時間），地點：${order.venue.zh}，${order.address.zh}。`,
        seats === 1 ? '你的門票：' : `你的 ${seats} 張門票：請把各賓客的門票連結傳給對方，對方登入後即可領取座位。`,
      ],
      links: ticketLinks('你的門票', (n) => `賓客門票，座位 ${n}`),
    },
    order.link,
  );
}

/** What the subscription mails (issue 18) say about the plan and its bill. */
export interface SubscriptionMailFacts {
  plan: { en: string; zh: string };
  reference: string;
  total: number;
  currency: string;
  /** The member's page of the subscription (subscription_record/{orderID}). */
  link: string;
}

/** Sent once when a subscription's first cycle is paid (it starts), and when a renewal is paid. */
export function subscriptionPaidMail(to: string, language: Language, s: SubscriptionMailFacts & { first: boolean; nextBillingDate: string }): Mail {
  const total = formatAmount(s.total, s.currency);
  return bilingual(
    to,
    language,
    {
      subject: s.first ? `Your ${s.plan.en} subscription has started` : `Your ${s.plan.en} subscription is renewed`,
      lines: [
        `We received your payment of ${total} (order ${s.reference}). Your box ships within 4-7 working days.`,
        `Next billing date: ${s.nextBillingDate}. You can cancel any time before it.`,
      ],
    },
    {
      subject: s.first ? `你的「${s.plan.zh}」訂閱已開始` : `你的「${s.plan.zh}」訂閱已續期`,
      lines: [`我們已收到你的付款 ${total}（訂單 ${s.reference}）。禮盒將於 4 至 7 個工作天內寄出。`, `下次付款日期：${s.nextBillingDate}。你可於此日期前隨時取消。`],
    },
    s.link,
  );
}

/** Alipay / FPS renewals: the link to pay the next cycle, mailed before its billing date. */
export function subscriptionPaymentLinkMail(to: string, language: Language, s: SubscriptionMailFacts & { billingDate: string; payBefore: string }): Mail {
  const total = formatAmount(s.total, s.currency);
  return bilingual(
    to,
    language,
    {
      subject: `Pay the next box of your ${s.plan.en} subscription`,
      lines: [
        `Your next cycle (${total}, order ${s.reference}) is billed on ${s.billingDate}. Please pay it through the link below.`,
        `If it is not paid by ${s.payBefore}, your subscription ends.`,
      ],
    },
    {
      subject: `請支付你的「${s.plan.zh}」訂閱下一期`,
      lines: [`你的下一期（${total}，訂單 ${s.reference}）將於 ${s.billingDate} 收費，請透過以下連結付款。`, `如於 ${s.payBefore} 前仍未付款，你的訂閱將會結束。`],
    },
    s.link,
  );
}

/** A renewal's card was declined; it is tried again on nextTry (or the subscription ends: subscriptionEndedMail). */
export function subscriptionCardDeclinedMail(to: string, language: Language, s: SubscriptionMailFacts & { nextTry: string }): Mail {
  const total = formatAmount(s.total, s.currency);
  return bilingual(
    to,
    language,
    {
      subject: `We could not renew your ${s.plan.en} subscription`,
      lines: [
        `Your card was declined for ${total} (order ${s.reference}). We will try again on ${s.nextTry}.`,
        'To keep your subscription, update your card or pay the order through the link below.',
      ],
    },
    {
      subject: `未能為你的「${s.plan.zh}」訂閱續期`,
      lines: [`你的信用卡未能支付 ${total}（訂單 ${s.reference}）。我們將於 ${s.nextTry} 再試一次。`, '如要保留訂閱，請更新信用卡，或透過以下連結支付訂單。'],
    },
    s.link,
  );
}

/**
 * A renewal's box is out of stock: nothing is billed yet and it is tried again each day, until giveUpDate (then
 * that cycle is skipped: subscriptionBoxSkippedMail). Sent once per cycle (services/orders/subscription/renewals.ts),
 * not at every retry.
 */
export function subscriptionBoxDelayedMail(
  to: string,
  language: Language,
  s: { plan: { en: string; zh: string }; billingDate: string; giveUpDate: string; link: string },
): Mail {
  return bilingual(
    to,
    language,
    {
      subject: `The next box of your ${s.plan.en} subscription is delayed`,
      lines: [
        `The box of your next cycle, due on ${s.billingDate}, is out of stock for now. You have not been charged for it.`,
        'We will try again every day and mail you as soon as it is renewed.',
        `If it is still out of stock on ${s.giveUpDate}, we will skip this cycle: you will not be charged for it, and your subscription carries on.`,
      ],
    },
    {
      subject: `你的「${s.plan.zh}」下一期禮盒將會延遲`,
      lines: [
        `你下一期（${s.billingDate}）的禮盒暫時缺貨，我們尚未就此收費。`,
        '我們會每天再試，續期後會即時以電郵通知你。',
        `如到 ${s.giveUpDate} 仍然缺貨，我們會略過這一期：你不會為此付費，訂閱會照常繼續。`,
      ],
    },
    s.link,
  );
}

/** A renewal's box stayed out of stock past the limit: that cycle is skipped, unbilled; the subscription goes on. */
export function subscriptionBoxSkippedMail(
  to: string,
  language: Language,
  s: { plan: { en: string; zh: string }; billingDate: string; nextBillingDate: string; link: string },
): Mail {
  return bilingual(
    to,
    language,
    {
      subject: `We skipped this cycle of your ${s.plan.en} subscription`,
      lines: [
        `The box of the cycle due on ${s.billingDate} stayed out of stock, so we have skipped it. You have not been charged for it, and nothing will be sent.`,
        `Your subscription carries on: the next box is due on ${s.nextBillingDate}. Sorry for the wait.`,
      ],
    },
    {
      subject: `我們已略過你的「${s.plan.zh}」訂閱本期`,
      lines: [
        `你於 ${s.billingDate} 到期的一期禮盒持續缺貨，我們已略過這一期。你不會為此付費，我們亦不會寄出禮盒。`,
        `你的訂閱會照常繼續：下一期禮盒於 ${s.nextBillingDate} 到期。抱歉令你久等。`,
      ],
    },
    s.link,
  );
}

/** A subscription ended: why, in words (cancelled, the card declined on every try, a renewal left unpaid). */
export function subscriptionEndedMail(
  to: string,
  language: Language,
  s: { plan: { en: string; zh: string }; reason: 'Cancelled' | 'PaymentFailed' | 'Unpaid'; endedOn: string; link: string },
): Mail {
  const why = {
    Cancelled: { en: 'you cancelled it', zh: '你已取消訂閱' },
    PaymentFailed: { en: 'your card was declined on every try', zh: '你的信用卡多次嘗試收費均被拒絕' },
    Unpaid: { en: 'its renewal was not paid in time', zh: '續期款項未有按時支付' },
  }[s.reason];
  return bilingual(
    to,
    language,
    {
      subject: `Your ${s.plan.en} subscription has ended`,
      lines: [`Your subscription ended on ${s.endedOn} because ${why.en}.`, 'You can subscribe again at any time.'],
    },
    {
      subject: `你的「${s.plan.zh}」訂閱已結束`,
      lines: [`你的訂閱已於 ${s.endedOn} 結束，原因：${why.zh}。`, '你可隨時再次訂閱。'],
    },
    s.link,
  );
}

/** The code a session's host asked for at the venue, to open its gathering (admin-init). */
export function hostCodeMail(to: string, language: Language, code: string, session: { en: string; zh: string }): Mail {
  return bilingual(
    to,
    language,
    {
      subject: 'Your code to open tonight’s gathering',
      lines: [`Your code to open ${session.en} is ${code}.`, 'It expires in 15 minutes. If you did not ask for it, ignore this mail.'],
    },
    { subject: '開始今晚聚會的驗證碼', lines: [`開始「${session.zh}」的驗證碼是 ${code}。`, '驗證碼於 15 分鐘後失效。如非本人要求，請忽略此電郵。'] },
  );
}

/** Sent once, when staff pay back money an order could not take (pay-refund). */
export function refundPaidMail(to: string, language: Language, r: { reference: string; amount: number; currency: string; fps: boolean }): Mail {
  const amount = formatAmount(r.amount, r.currency);
  return bilingual(
    to,
    language,
    {
      subject: `Your refund for order ${r.reference} has been paid`,
      lines: [
        `We have paid back ${amount} for order ${r.reference}.`,
        r.fps ? 'It was sent by bank transfer and should reach your account within 1-3 working days.' : 'It goes back to the card or Alipay account you paid with, usually within 5-10 working days.',
      ],
    },
    {
      subject: `你的訂單 ${r.reference} 退款已支付`,
      lines: [`我們已退回訂單 ${r.reference} 的 ${amount}。`, r.fps ? '款項已以銀行轉賬退回，一般於 1 至 3 個工作天內到賬。' : '款項將退回你付款時使用的信用卡或支付寶帳戶，一般需時 5 至 10 個工作天。'],
    },
  );
}

/** What the session mails from the back office (issue 32) say: the session, and the booking (order) it is about. */
export interface SessionMailFacts {
  reference: string;
  title: { en: string; zh: string };
  /** yyyy-MM-dd and "19:00–21:00", Hong Kong time. */
  date: string;
  timeSlot: string;
}

/** Sent once to each booker when staff cancel a session: the paid booking is refunded (refundPaidMail follows once it is paid out). */
export function sessionCancelledMail(to: string, language: Language, s: SessionMailFacts & { refunded: boolean }): Mail {
  return bilingual(
    to,
    language,
    {
      subject: `Cancelled: ${s.title.en} on ${s.date}`,
      lines: [
        `We are sorry: ${s.title.en} on ${s.date}, ${s.timeSlot} (Hong Kong time) has been cancelled.`,
        s.refunded ? `Your booking (order ${s.reference}) will be refunded in full; we will write again once the refund is paid.` : `Your booking (order ${s.reference}) is cancelled.`,
      ],
    },
    {
      subject: `已取消：${s.title.zh}（${s.date}）`,
      lines: [
        `很抱歉，${s.date} ${s.timeSlot}（香港時間）的「${s.title.zh}」已取消。`,
        s.refunded ? `你的預訂（訂單 ${s.reference}）將獲全數退款；退款支付後我們會再通知你。` : `你的預訂（訂單 ${s.reference}）已取消。`,
      ],
    },
  );
}

/** Sent to each booker when staff move a session to a new date or time: the booking and its tickets stay valid. */
export function sessionMovedMail(to: string, language: Language, s: SessionMailFacts & { was: { date: string; timeSlot: string } }): Mail {
  return bilingual(
    to,
    language,
    {
      subject: `New date: ${s.title.en} is now on ${s.date}`,
      lines: [
        `${s.title.en}, booked for ${s.was.date}, ${s.was.timeSlot}, now takes place on ${s.date}, ${s.timeSlot} (Hong Kong time).`,
        `Your booking (order ${s.reference}) and its tickets stay valid. If you cannot come, reply to this mail.`,
      ],
    },
    {
      subject: `新日期：「${s.title.zh}」改於 ${s.date} 舉行`,
      lines: [
        `原定於 ${s.was.date} ${s.was.timeSlot} 的「${s.title.zh}」，改於 ${s.date} ${s.timeSlot}（香港時間）舉行。`,
        `你的預訂（訂單 ${s.reference}）及門票繼續有效。如未能出席，請回覆此電郵。`,
      ],
    },
  );
}

/**
 * Sent once to a session's host when staff name them (a new session with its host, or the session handed to them):
 * when and where, and the link to their gathering's page, where they open it on the night with a mailed code.
 */
export function hostScheduledMail(
  to: string,
  language: Language,
  s: { title: { en: string; zh: string }; date: string; timeSlot: string; venue: { en: string; zh: string }; address: { en: string; zh: string }; link: string },
): Mail {
  return bilingual(
    to,
    language,
    {
      subject: `You host ${s.title.en} on ${s.date}`,
      lines: [
        `You are the host of ${s.title.en} on ${s.date}, ${s.timeSlot} (Hong Kong time), at ${s.venue.en}, ${s.address.en}.`,
        'On the night, open the gathering from the link below: a code to open it is mailed to this address then. Its guest list and check-in are there too.',
      ],
    },
    {
      subject: `你將主持「${s.title.zh}」（${s.date}）`,
      lines: [
        `你將於 ${s.date} ${s.timeSlot}（香港時間）在${s.venue.zh}（${s.address.zh}）主持「${s.title.zh}」。`,
        '當晚請由以下連結開始聚會：屆時開始聚會的驗證碼會寄到此電郵地址。賓客名單及簽到亦在該頁。',
      ],
    },
    s.link,
  );
}
