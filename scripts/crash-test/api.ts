/**
 * The crash test's members and their calls to the shop's API (scripts/crash-test.ts): signing up with a delivery
 * address and a saved test card, every member's card checkout at once, the calibration of the kill delays, and
 * PGlite's poll of the members' orders while a server recovers.
 */
import { HOME, POLL_MS, STABLE_MS, VARIANCES } from './settings.ts';
import type { Mode } from './databases.ts';
import { sleep, startServer, stopServer, type Server } from './servers.ts';

export interface Member {
  email: string;
  /** Its own client address (198.18.0.0/15 is set aside for tests), sent as X-Forwarded-For. */
  address: string;
  idToken: string;
  cardId: string;
  variance: string;
}

export interface Answer {
  status: number;
  json: Record<string, unknown>;
}

export async function call(server: Server, name: string, body: object, who: { address: string; idToken?: string }, timeoutMs = 30_000): Promise<Answer> {
  const response = await fetch(`${server.url}/api/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': who.address,
      ...(who.idToken ? { authorization: `Bearer ${who.idToken}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: response.status, json };
}

export async function must(server: Server, name: string, body: object, who: { address: string; idToken?: string }): Promise<Record<string, unknown>> {
  const answer = await call(server, name, body, who);
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer.json;
}

/** The sign-up code mailed to the address, read from the development outbox. */
async function mailedCode(server: Server, email: string): Promise<string> {
  const until = performance.now() + 30_000;
  while (performance.now() < until) {
    const response = await fetch(`${server.url}/api/dev/outbox?email=${encodeURIComponent(email)}`);
    const answer = (await response.json()) as { Mails?: Array<{ text?: string }> };
    const code = answer.Mails?.[0]?.text?.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`no sign-up code was mailed to ${email}`);
}

/** Signs a member up through the API (as e2e/support.ts does), with a delivery address and a saved test card. */
export async function createMember(server: Server, tag: string, modeIndex: number, i: number): Promise<Member> {
  const email = `crash.${tag}.${i}@example.com`;
  const address = `198.18.${modeIndex * 16 + Math.floor(i / 250)}.${(i % 250) + 1}`;
  await must(server, 'user-signup', { email, password: 'Oolong2026', given_name: 'Ka Yan', family_name: 'Wong' }, { address });
  const tokens = await must(server, 'user-confirm-signup', { email, confirmationCode: await mailedCode(server, email) }, { address });
  const who = { address, idToken: String(tokens.idToken) };
  await must(server, 'user-update-info', { accessToken: String(tokens.accessToken), deliveryAddress: [HOME], mainDeliveryAddressIndex: 0 }, who);
  const token = await must(server, 'addCreditCard', { number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 5, cvc: '123' }, who);
  const saved = await must(server, 'addPaymentMehtod', { PaymentMethodID: String(token.PaymentMethodID) }, who);
  const card = saved.PaymentMethod as { id: string };
  return { email, address, idToken: who.idToken, cardId: card.id, variance: VARIANCES[i % VARIANCES.length]! };
}

export async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += size) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(size, count - start) }, (_, k) => make(start + k)))));
  }
  return made;
}

/** Every member's checkout (CreditCard, the saved card) at once; each answer (none when the server died) with its time. */
export function sendCheckouts(server: Server, members: readonly Member[]): Array<Promise<{ at: number; answer: Answer | undefined }>> {
  return members.map((m) =>
    call(server, 'checkout', { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID: m.cardId }, m).then(
      (answer) => ({ at: performance.now(), answer }),
      () => ({ at: performance.now(), answer: undefined }),
    ),
  );
}

/**
 * How long the checkouts take on a freshly started server (as each run's is), so that the kills fall
 * while they are under way on this machine, busy or not: the checkouts are sent once without a crash
 * and the times of the first and last answers measured.
 */
export async function calibrate(mode: Mode, members: readonly Member[]): Promise<{ first: number; last: number; ok: number }> {
  const server = await startServer(mode, `${mode.name}: calibration (no crash)`);
  try {
    await Promise.all(members.map((m) => must(server, 'setShoppingBag', { VarianceID: m.variance, Quantity: 1 }, m)));
    const sentAt = performance.now();
    const answers = await Promise.all(sendCheckouts(server, members));
    const times = answers.map((a) => a.at - sentAt);
    return { first: Math.min(...times), last: Math.max(...times), ok: answers.filter((a) => a.answer?.status === 200).length };
  } finally {
    await stopServer(server);
  }
}

/** PGlite's poll: waits until the members' orders (id and status, read through the API) stay unchanged for STABLE_MS. */
export async function ordersSettled(server: Server, members: readonly Member[], until: number): Promise<void> {
  let last = '';
  let since = performance.now();
  while (performance.now() < until) {
    let view: string;
    try {
      const lists = await Promise.all(members.map((m) => call(server, 'list-user-product-order', { Size: 50 }, m, 10_000)));
      view = lists
        .map((l) => ((l.json.OrderList ?? []) as Array<{ OrderID: string; PaymentStatus: string }>).map((o) => `${o.OrderID}:${o.PaymentStatus}`).join(','))
        .join('|');
    } catch (error) {
      view = `error: ${(error as Error).message}`;
    }
    if (view !== last) {
      last = view;
      since = performance.now();
    } else if (performance.now() - since >= STABLE_MS) return;
    await sleep(POLL_MS);
  }
}
