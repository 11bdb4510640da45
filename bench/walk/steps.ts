/**
 * The walk's steps: what a new customer does on the phone, each with the same accessible-role locators the
 * e2e specs use (e2e/*.spec.ts), in the walk's language (bench/walk/words.ts). What is timed is each TAP
 * (`s.tap`, issue 30 item 3): from the action the customer then waits on (a tap that opens a page or a
 * dialog, or sends something to the shop, from its pointerdown or keydown in the page; an address opened; a
 * reload) to the moment the next screen's content is visible, the shop's time and the browser's both.
 * Filling fields, checking radios, typing and
 * the customer reading (their mail for a code) are the customer's own speed and not timed; nor is the
 * walk's own set-up (through the API, or pages opened only to start from), nor the overflow checks
 * (`s.fits`). A step's figure is its slowest tap.
 */
import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { mailedCode, uniqueEmail } from '../../e2e/support.ts';
import { answerPartOne, answerPartThree, answerPartTwo } from '../../e2e/survey-answers.ts';
import type { Words } from './words.ts';

export const PASSWORD = 'Oolong2026';
export const WIDTH = 390;
const EVENT = 'evt-gongfu-oolong';
const TAG = { id: 'nfc_g2trzncetv', productId: 'tea-tieguanyin' };
/** The survey's event (as e2e/event-survey.spec.ts): its sessions are booked before the survey server's clock moves. */
export const SURVEY_EVENT = 'evt-puer-vertical';

/** Playwright's `expect`, as a tap's `shown` is handed it. */
export type Expect = typeof expect;

/** A step's taps, its overflow checks and notes, as the walk hands them to a step. */
export interface StepRun {
  page: Page;
  context: BrowserContext;
  w: Words;
  /** The shop's API, as the walk's set-up calls it (not timed). */
  api: APIRequestContext;
  /** What the walk knows of the customer so far (the member signed up in step 5, …). */
  walker: Walker;
  /** The survey server's address and the member booked there, when the walk has one. */
  survey?: { url: string; email: string; varianceID: string };
  /**
   * Times one tap: from `action` (the click, the key, the address opened) to the moment `shown` holds (what
   * the next screen shows); the label names both ("Create account → the code to type"), in English whatever
   * the walk's language. `shown` is handed an `expect` that checks again every 20 ms or so (Playwright's own
   * backs off to half a second between checks, which would be in the figure).
   */
  tap(label: string, action: () => Promise<unknown>, shown: (expect: Expect) => Promise<unknown>): Promise<void>;
  /** Records the page's width (never during a tap): nothing may be wider than the phone. */
  fits(label: string): Promise<void>;
  note(text: string): void;
  /** Ends the step without a figure, for the reason given. */
  skip(reason: string): never;
}

export interface Walker {
  email?: string;
  idToken?: string;
  /** A card saved in the shop (the first card checkout saves one). */
  savedCard?: boolean;
}

export class Skipped extends Error {}

export interface StepDef {
  name: string;
  /** What the step covers, when it is shorter than the whole of what its name says. */
  shortened?: string;
  run(s: StepRun): Promise<void>;
}

async function call(api: APIRequestContext, name: string, data: object, idToken?: string, address?: string) {
  const headers: Record<string, string> = { ...(idToken ? { authorization: `Bearer ${idToken}` } : {}), ...(address ? { 'x-forwarded-for': address } : {}) };
  const answer = await api.post(`/api/${name}`, { data, headers });
  if (!answer.ok()) throw new Error(`${name}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

/** A client address of its own for each member made through the API (198.18.0.0/15, as the e2e helpers). */
export const clientAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

const ENTRY_SURVEY = {
  Survey: {
    SurveyID: 'pre-2026',
    Answers: [
      { QuestionID: 'drinks', OptionIDs: ['tea'] },
      { QuestionID: 'frequency', OptionIDs: ['daily'] },
    ],
  },
};

/** A verified member past the entry survey with a paid FPS seat at `varianceID` (e2e/event-survey.spec.ts's bookedMember); their e-mail. */
export async function bookedMember(api: APIRequestContext, label: string, varianceID: string): Promise<string> {
  const email = uniqueEmail(label);
  const address = clientAddress();
  await call(api, 'user-signup', { email, password: PASSWORD, given_name: 'Wing Sze', family_name: 'Ho' }, undefined, address);
  const tokens = await call(api, 'user-confirm-signup', { email, confirmationCode: await mailedCode(api as never, email) }, undefined, address);
  await call(api, 'submitPreSurvey', ENTRY_SURVEY, tokens.idToken);
  const start = await call(
    api,
    'newEventCheckOut',
    { Language: 'en', Currency: 'HKD', VarianceID: varianceID, NumberOfSeat: 1, GuestInfo: [], PaymentMethod: 'FPS' },
    tokens.idToken,
  );
  const paid = await api.post(`/api/payments/sandbox/fps/${start.PaymentID}/pay`);
  if (!paid.ok()) throw new Error(`sandbox FPS pay: ${paid.status()}`);
  await expect
    .poll(async () => (await call(api, 'get-event-order', { orderID: start.OrderID }, tokens.idToken)).Order.PaymentStatus, { timeout: 15_000 })
    .toBe('Paid');
  return email;
}

type Session = { VarianceID: string; Date: string; SaleStatus: string; SpacesLeft: number; StartAt: string };

export async function sessionsOnSale(api: APIRequestContext, eventID: string, seats: number): Promise<{ title: { en: string; zh: string }; sessions: Session[] }> {
  const { eventDetail } = await call(api, 'getEventDetail', { EventID: eventID, Currency: 'HKD' });
  return {
    title: eventDetail.Title,
    sessions: (eventDetail.Variances as Session[]).filter((v) => v.SaleStatus === 'OnSale' && v.SpacesLeft >= seats),
  };
}

/** Signs in from the banner's Log in (e2e/support.ts's logIn, in the walk's language). */
async function logIn(page: Page, w: Words, email: string) {
  await page.getByRole('button', { name: w.t('Log in'), exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: w.t('Log in') });
  await dialog.getByLabel(w.t('E-mail')).fill(email);
  await dialog.getByLabel(w.t('Password')).fill(PASSWORD);
  await dialog.getByRole('button', { name: w.t('Log in') }).click();
  await expect(page.getByRole('button', { name: w.t('Account and settings') })).toBeVisible();
}

/** The payment method popup (e2e/events-checkout.spec.ts's chooseMethod): two taps, the second's `chosen` what it shows (`then` names it). */
async function chooseMethod(s: StepRun, method: string, then: string, chosen: (expect: Expect) => Promise<unknown>) {
  const { page, w } = s;
  const popup = page.getByRole('dialog', { name: w.t('Payment method') });
  // "Choose payment method", or "Change" once one is chosen (a member with a saved card starts with it).
  await s.tap(
    'Choose payment method → the methods',
    () =>
      page
        .locator('.checkout-row')
        .filter({ hasText: w.t('Payment method') })
        .getByRole('button', { name: new RegExp(`^(${w.t('Choose payment method')}|${w.t('Change')})$`) })
        .click(),
    (expect) => expect(popup.getByRole('radio', { name: w.rx(method) })).toBeVisible(),
  );
  await popup.getByRole('radio', { name: w.rx(method) }).check();
  await s.tap(`Use this payment method → ${then}`, () => popup.getByRole('button', { name: w.t('Use this payment method') }).click(), chosen);
}

/** Card: the sandbox's 4242 card, added the first time (and saved), chosen from the saved cards after. */
async function payByCard(s: StepRun) {
  const { page, w } = s;
  const cards = page.getByRole('dialog', { name: w.t('Choose a card') });
  const saved = cards.getByRole('radio', { name: w.rx('{brand} ending in {last4}, expires {expiry}', { last4: '4242' }) });
  await chooseMethod(s, 'Credit or debit card', 'the cards', (expect) => expect(cards.getByRole('button', { name: w.t('Add a new card') })).toBeVisible());
  if ((await saved.count()) === 0) {
    const form = page.getByRole('dialog', { name: w.t('Add a card') });
    await s.tap(
      'Add a new card → the card form',
      () => cards.getByRole('button', { name: w.t('Add a new card') }).click(),
      (expect) => expect(form.getByLabel(w.t('Card number'))).toBeVisible(),
    );
    await form.getByLabel(w.t('Card number')).fill('4242424242424242');
    await form.getByLabel(w.t('Expiry (MM/YY)')).fill('12/34');
    await form.getByLabel(w.t('CVC')).fill('123');
    await s.tap('Save card → the saved card', () => form.getByRole('button', { name: w.t('Save card') }).click(), (expect) => expect(saved.first()).toBeVisible());
  }
  await saved.first().check();
  await s.tap('Use this card → the checkout', () => cards.getByRole('button', { name: w.t('Use this card') }).click(), (expect) => expect(cards).toBeHidden());
  s.walker.savedCard = true;
}

export const STEPS: StepDef[] = [
  {
    name: 'landing',
    async run(s: StepRun) {
      const { page, w } = s;
      // A phone that has never seen the shop: from the address typed to the big promotion banner on screen.
      await s.tap(
        '/home typed → the promotion banner',
        () => page.goto('/home', { waitUntil: 'commit' }),
        async (expect) => {
          const banner = page.locator('.banner-rail .banner').first();
          await expect(banner).toBeVisible();
          await expect(page.getByRole('button', { name: w.t('Log in'), exact: true }).first()).toBeVisible();
        },
      );
      const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
      if (paint !== undefined) s.note(`first contentful paint ${Math.round(paint)} ms after navigation start`);
    },
  },
  {
    name: 'newsletter',
    async run(s: StepRun) {
      const { page, w } = s;
      const email = uniqueEmail('walk-news');
      // Down to the footer, where the sign-up comes as the reader nears it; the e-mail in and sent.
      const field = page.getByRole('contentinfo').getByLabel(w.t('E-mail for the newsletter'));
      await s.tap(
        'down to the footer → the newsletter sign-up',
        () => page.getByRole('contentinfo').scrollIntoViewIfNeeded(),
        (expect) => expect(field).toBeVisible(),
      );
      await field.scrollIntoViewIfNeeded();
      await field.fill(email);
      await s.tap(
        'Subscribe → thanks',
        () => page.getByRole('contentinfo').locator('.newsletter-signup').getByRole('button').click(),
        (expect) => expect(page.getByRole('contentinfo').getByRole('status').filter({ hasText: email })).toBeVisible(),
      );
    },
  },
  {
    name: 'business-enquiry',
    async run(s: StepRun) {
      const { page, w } = s;
      await s.tap(
        '/b2b_enquiry opened → the form',
        () => page.goto('/b2b_enquiry', { waitUntil: 'commit' }),
        (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('Business enquiries') })).toBeVisible(),
      );
      await s.fits('the empty form');
      // e2e/front-door-forms.spec.ts's fillEnquiry.
      await page.getByLabel(w.t('Full name')).fill(w.zh ? '陳美玲' : 'Mei Ling Chan');
      await page.getByLabel(w.t('E-mail'), { exact: true }).fill(uniqueEmail('walk-hotel'));
      await page.getByLabel(w.t('Contact number')).fill('9123 4567');
      await page.getByLabel(w.t('Enquiry type')).selectOption({ label: w.t('Curated box sets') });
      await page.getByLabel(w.t('Message (optional)')).fill(w.zh ? '十二月需要四十盒。' : 'Forty boxes for December, for our hotel guests.');
      await page.getByRole('checkbox').check();
      await s.tap(
        'Send enquiry → thank you',
        () => page.getByRole('button', { name: w.t('Send enquiry') }).click(),
        (expect) => expect(page.getByRole('heading', { name: w.t('Thank you, your enquiry is sent') })).toBeVisible(),
      );
    },
  },
  {
    name: 'nfc',
    shortened: 'a visitor opens the tag’s page (adding it to one’s drinks needs a member: e2e/front-door-forms.spec.ts)',
    async run(s: StepRun) {
      const { page, w } = s;
      const { Product } = await call(s.api, 'getProduct', { Currency: 'HKD', ProductID: TAG.productId });
      // Tapping the tag opens its page: the drink, its picture, and what to do with it.
      await s.tap(
        'tag tapped → the drink, its picture',
        () => page.goto(`/nfc/${TAG.id}`, { waitUntil: 'commit' }),
        async (expect) => {
          await expect(page.getByRole('heading', { level: 1, name: w.pick(Product.Name) })).toBeVisible();
          await expect(page.locator('.nfc-picture img')).toHaveJSProperty('complete', true);
          await expect(page.getByRole('button', { name: w.t('Add to my drinks') })).toBeVisible();
        },
      );
    },
  },
  {
    name: 'sign-up',
    async run(s: StepRun) {
      const { page, w } = s;
      const email = uniqueEmail('walk-newcomer');
      // From the home page (where the new member is welcomed), with Log in in the banner (the page itself is the landing step's).
      await page.goto('/home');
      const logInButton = page.getByRole('button', { name: w.t('Log in'), exact: true }).first();
      await expect(logInButton).toBeVisible();
      const newHere = page.getByRole('dialog').getByRole('button', { name: w.t('New here? Create an account') });
      await s.tap('Log in → the log-in dialog', () => logInButton.click(), (expect) => expect(newHere).toBeVisible());
      const form = page.getByRole('dialog', { name: w.t('Create an account') });
      await s.tap(
        'New here? Create an account → the sign-up form',
        () => newHere.click(),
        (expect) => expect(form.getByLabel(w.t('Given name'))).toBeVisible(),
      );
      await s.fits('the sign-up form');
      await form.getByLabel(w.t('Given name')).fill('Ka Yan');
      await form.getByLabel(w.t('Family name')).fill('Wong');
      await form.getByLabel(w.t('E-mail')).fill(email);
      await form.getByLabel(w.t('Password'), { exact: true }).fill(PASSWORD);
      await form.getByLabel(w.t('Confirm password')).fill(PASSWORD);
      const verify = page.getByRole('dialog', { name: w.t('Verify your e-mail') });
      await s.tap(
        'Create account → the code to type',
        () => form.getByRole('button', { name: w.t('Create account') }).click(),
        (expect) => expect(verify.getByLabel(w.t('Verification code'))).toBeVisible(),
      );
      // The customer reads the code in their mail: not the shop's time.
      const code = await mailedCode(s.api as never, email);
      await verify.getByLabel(w.t('Verification code')).fill(code);
      await s.tap(
        'Verify → welcome',
        () => verify.getByRole('button', { name: w.t('Verify'), exact: true }).click(),
        async (expect) => {
          await expect(page.getByRole('button', { name: w.t('Account and settings') })).toBeVisible();
          await expect(page.getByRole('heading', { name: w.rx('Welcome, {name}', { name: 'Ka Yan' }, { start: true }) })).toBeVisible();
        },
      );
      // The entry survey (its own screens are e2e/accounts.spec.ts's) through the API, as e2e/support.ts's freshMember.
      const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('sg.tokens') ?? '{}'));
      await call(s.api, 'submitPreSurvey', ENTRY_SURVEY, tokens.idToken);
      s.walker.email = email;
      s.note('the entry survey answered through the API after it, off the clock');
    },
  },
  {
    name: 'event-card',
    async run(s: StepRun) {
      const { page, w } = s;
      if (!s.walker.email) s.skip('no member: the sign-up failed');
      const { title, sessions } = await sessionsOnSale(s.api, EVENT, 2);
      const session = sessions[0];
      if (!session) s.skip(`no session of ${EVENT} on sale with 2 seats`);
      await s.tap(
        'event page opened → its title',
        () => page.goto(`/event/${EVENT}`, { waitUntil: 'commit' }),
        (expect) => expect(page.getByRole('heading', { level: 1, name: w.pick(title) })).toBeVisible(),
      );
      await page.getByRole('radio', { name: new RegExp(session.Date) }).first().check();
      await page.getByRole('spinbutton', { name: w.t('Number of seats') }).fill('2');
      await s.tap(
        'Join → the checkout',
        () => page.getByRole('button', { name: w.t('Join'), exact: true }).click(),
        async (expect) => {
          await expect(page.getByRole('heading', { level: 1, name: w.t('Join the event') })).toBeVisible();
          await expect(page.getByText(w.t('{slots, plural, one {Your seat and # guest.} other {Your seat and # guests.}}', { slots: 1 }))).toBeVisible();
        },
      );
      await s.fits('the checkout: seats');
      const guest = page.getByRole('group', { name: w.t('Guest {n}', { n: 1 }) });
      await s.tap(
        'Continue to guests → the guest form',
        () => page.getByRole('button', { name: w.t('Continue to guests') }).click(),
        (expect) => expect(guest.getByLabel(w.t('Name'))).toBeVisible(),
      );
      await guest.getByLabel(w.t('Name')).fill(w.zh ? '陳大文' : 'Chan Tai Man');
      await guest.getByLabel(w.t('Contact number')).fill('+852 9123 4567');
      await s.fits('the checkout: guests');
      await s.tap(
        'Continue to payment → payment',
        () => page.getByRole('button', { name: w.t('Continue to payment') }).click(),
        (expect) => expect(page.getByRole('heading', { name: w.t('Payment'), exact: true })).toBeVisible(),
      );
      await s.fits('the checkout: payment');
      await payByCard(s);
      await s.tap(
        'Place order → booked in',
        () => page.getByRole('button', { name: w.rx('Place order · <0/>', {}, { start: true }) }).click(),
        (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('You are booked in') })).toBeVisible(),
      );
    },
  },
  {
    name: 'event-fps',
    shortened: 'up to the FPS QR code (the payment itself is the bank’s, the sandbox’s stand-in in the e2e spec)',
    async run(s: StepRun) {
      const { page, w } = s;
      if (!s.walker.email) s.skip('no member: the sign-up failed');
      // Another session than the card's (the same one would make this seat a guest's).
      const gongfu = await sessionsOnSale(s.api, EVENT, 1);
      let target = gongfu.sessions[1] ? { eventID: EVENT, session: gongfu.sessions[1] } : undefined;
      if (!target) {
        const { EventList } = await call(s.api, 'getUpcomingEvents', { Currency: 'HKD', Size: 12 });
        for (const event of EventList as Array<{ EventID: string; IsAlcohol: boolean }>) {
          if (event.EventID === EVENT || event.IsAlcohol) continue;
          const other = await sessionsOnSale(s.api, event.EventID, 1);
          if (other.sessions[0]) {
            target = { eventID: event.EventID, session: other.sessions[0] };
            break;
          }
        }
      }
      if (!target) s.skip('no other session on sale');
      s.note(`${target.eventID}, session ${target.session.Date}`);
      // As the FPS e2e test: a link to the checkout with the session and a seat.
      await s.tap(
        'checkout link opened → Continue',
        () => page.goto(`/checkout_event?eventID=${target.eventID}&varianceID=${target.session.VarianceID}&seats=1`, { waitUntil: 'commit' }),
        (expect) => expect(page.getByRole('button', { name: w.t('Continue'), exact: true })).toBeVisible(),
      );
      await s.tap(
        'Continue → payment',
        () => page.getByRole('button', { name: w.t('Continue'), exact: true }).click(),
        (expect) => expect(page.getByRole('heading', { name: w.t('Payment'), exact: true })).toBeVisible(),
      );
      await chooseMethod(s, 'FPS QR code', 'the checkout', (expect) => expect(page.getByRole('dialog', { name: w.t('Payment method') })).toBeHidden());
      const popup = page.getByRole('dialog', { name: w.t('Pay with FPS') });
      await s.tap(
        'Place order → the FPS QR code',
        () => page.getByRole('button', { name: w.rx('Place order · <0/>', {}, { start: true }) }).click(),
        async (expect) => {
          await expect(popup.getByRole('img', { name: w.rx('FPS QR code for order {0}', {}, { start: true }) })).toBeVisible();
          await expect(popup.getByRole('timer')).toBeVisible();
        },
      );
    },
  },
  {
    name: 'survey',
    shortened: 'on a second server of the walk’s own whose clock is moved past the session’s start (e2e/shifted-clock.mjs), with a member booked there before',
    async run(s: StepRun) {
      const { page, w } = s;
      if (!s.survey) s.skip('needs a server of the walk’s own with a shifted clock (not with --base-url)');
      const { url, email, varianceID } = s.survey;
      // Signed in on the survey server first (the log-in is the walk's set-up here, not timed).
      await page.goto(`${url}/home`);
      await logIn(page, w, email);
      await s.tap(
        'the session’s record opened → Answer the survey',
        () => page.goto(`${url}/event_record/${SURVEY_EVENT}/${varianceID}`, { waitUntil: 'commit' }),
        (expect) => expect(page.getByRole('link', { name: w.t('Answer the survey') })).toBeVisible(),
      );
      const part = (n: number) => page.getByText(w.t('Part {current} of {total}', { current: n, total: 3 }));
      await s.tap(
        'Answer the survey → part 1',
        () => page.getByRole('link', { name: w.t('Answer the survey') }).click(),
        (expect) => expect(part(1)).toBeVisible(),
      );
      await answerPartOne(page);
      await s.fits('part 1');
      await s.tap('Next → part 2', () => page.getByRole('button', { name: w.t('Next') }).click(), (expect) => expect(part(2)).toBeVisible());
      await answerPartTwo(page, w.zh ? '樟香' : 'Camphor');
      await s.fits('part 2');
      await s.tap('Next → part 3', () => page.getByRole('button', { name: w.t('Next') }).click(), (expect) => expect(part(3)).toBeVisible());
      await answerPartThree(page);
      await s.fits('part 3');
      await s.tap(
        'Review answers → the review',
        () => page.getByRole('button', { name: w.t('Review answers') }).click(),
        (expect) => expect(page.getByRole('heading', { name: w.t('Check your answers') })).toBeVisible(),
      );
      await s.fits('the review');
      await s.tap(
        'Submit answers → thank you',
        () => page.getByRole('button', { name: w.t('Submit answers') }).click(),
        (expect) => expect(page.getByRole('heading', { name: w.t('Thank you for your answers') })).toBeVisible(),
      );
    },
  },
  {
    name: 'taste-card',
    async run(s: StepRun) {
      const { page, w } = s;
      if (!s.walker.email) s.skip('no member: the sign-up failed');
      const next = page.getByRole('button', { name: w.t('Next') });
      await s.tap(
        'product page opened → Write a taste card',
        () => page.goto(`/product/${TAG.productId}`, { waitUntil: 'commit' }),
        (expect) => expect(page.getByRole('link', { name: w.t('Write a taste card') }).first()).toBeVisible(),
      );
      await s.tap(
        'Write a taste card → five senses',
        () => page.getByRole('link', { name: w.t('Write a taste card') }).first().click(),
        (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('Five senses') })).toBeVisible(),
      );
      const sweetness = page.getByRole('slider', { name: w.t('Sweetness') });
      await sweetness.focus();
      await page.keyboard.press('ArrowRight');
      await s.fits('five senses');
      await s.tap('Next → notes and aromas', () => next.click(), (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('Notes and aromas') })).toBeVisible());
      const words = page
        .getByRole('group', { name: w.t('Taste notes') })
        .first()
        .getByRole('list', { name: w.t('Words in this family') })
        .getByRole('button', { pressed: false });
      for (let i = 0; i < 3; i++) await words.first().click();
      await s.fits('notes and aromas');
      await s.tap('Next → recipe', () => next.click(), (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('Recipe') })).toBeVisible());
      const firstStep = page.getByRole('textbox', { name: w.t('Step {0}', { 0: 1 }), exact: true });
      await s.tap('Add a step → its field', () => page.getByRole('button', { name: w.t('Add a step') }).click(), (expect) => expect(firstStep).toBeVisible());
      await firstStep.fill(w.zh ? '溫壺，洗茶' : 'Warm the pot and rinse the leaves');
      await s.fits('recipe');
      await s.tap('Next → title and photo', () => next.click(), (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('Title and photo') })).toBeVisible());
      await page.getByRole('textbox', { name: w.t('Card title') }).fill(w.zh ? '蘭香蜜韻' : 'Orchid and honey');
      await s.fits('title and photo');
      await s.tap('Next → review', () => next.click(), (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('Review') })).toBeVisible());
      await s.fits('review');
      await s.tap(
        'Save and publish → published',
        () => page.getByRole('button', { name: w.t('Save and publish') }).click(),
        (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('Your taste card is published') })).toBeVisible(),
      );
    },
  },
  {
    name: 'box-set',
    async run(s: StepRun) {
      const { page, w } = s;
      if (!s.walker.email) s.skip('no member: the sign-up failed');
      const { PlanList } = await call(s.api, 'getSubscriptionPlan', { Currency: 'HKD' });
      const quarterly = (PlanList as Array<{ Duration: string; Name: { en: string; zh: string } }>).find((p) => p.Duration === 'quarter');
      if (!quarterly) s.skip('no quarterly plan');
      const choose = page.getByRole('link', { name: w.t('Choose {0}', { 0: w.pick(quarterly.Name) }) });
      await s.tap('/subscription opened → the plans', () => page.goto('/subscription', { waitUntil: 'commit' }), (expect) => expect(choose).toBeVisible());
      // No address yet: added from the checkout (e2e/subscriptions.spec.ts).
      await s.tap(
        `Choose ${quarterly.Name.en} → the checkout`,
        () => choose.click(),
        (expect) => expect(page.getByRole('heading', { name: w.t('Delivery address') })).toBeVisible(),
      );
      await s.fits('the checkout: no address');
      const addresses = page.getByRole('dialog', { name: w.t('Delivery addresses') });
      await s.tap(
        'Add a delivery address → the address book',
        () => page.locator('.checkout-main').getByRole('button', { name: w.t('Add a delivery address') }).click(),
        (expect) => expect(addresses.getByRole('button', { name: w.t('Add a delivery address') })).toBeVisible(),
      );
      await s.tap(
        'Add a delivery address (in the book) → the address form',
        () => addresses.getByRole('button', { name: w.t('Add a delivery address') }).click(),
        (expect) => expect(addresses.getByLabel(w.t('First name'))).toBeVisible(),
      );
      await addresses.getByLabel(w.t('First name')).fill('Ka Yan');
      await addresses.getByLabel(w.t('Last name')).fill('Wong');
      await addresses.getByLabel(w.t('Contact number')).fill('91234567');
      await addresses.getByLabel(w.t('District'), { exact: true }).selectOption({ index: 1 });
      await addresses.getByLabel(w.t('Address line 1')).fill('1 Harbour Road');
      await s.fits('the address form');
      await s.tap(
        'Save address → the checkout with it',
        () => addresses.getByRole('button', { name: w.t('Save address') }).click(),
        async (expect) => {
          await expect(addresses).toBeHidden();
          await expect(page.getByRole('radio', { name: /1 Harbour Road/ })).toBeChecked();
        },
      );
      await s.tap(
        'Continue to payment → payment',
        () => page.getByRole('button', { name: w.t('Continue to payment') }).click(),
        (expect) => expect(page.getByRole('heading', { name: w.t('Payment'), exact: true })).toBeVisible(),
      );
      await s.fits('the checkout: payment');
      await payByCard(s);
      await s.tap(
        'Subscribe → subscribed',
        () => page.getByRole('button', { name: w.rx('Subscribe · <0/>', {}, { start: true }) }).click(),
        (expect) => expect(page.getByRole('heading', { level: 1, name: w.t('You are subscribed') })).toBeVisible(),
      );
    },
  },
  {
    name: 'inspiration',
    async run(s: StepRun) {
      const { page, w } = s;
      if (!s.walker.email) s.skip('no member: the sign-up failed');
      const { InspirationList } = await call(s.api, 'list-inspiration', { Size: 8 });
      const post = InspirationList[0] as { InspirationID: string; Title: string } | undefined;
      if (!post) s.skip('no post to read');
      const comment = w.zh ? '露台的光線真美' : 'Lovely light on that balcony';
      await s.tap(
        'post opened → its title',
        () => page.goto(`/inspiration/${post.InspirationID}`, { waitUntil: 'commit' }),
        (expect) => expect(page.getByRole('heading', { level: 1, name: post.Title })).toBeVisible(),
      );
      const like = page.getByRole('button', { name: w.t('Like'), exact: true });
      await s.tap('Like → liked', () => like.click(), (expect) => expect(like).toHaveAttribute('aria-pressed', 'true'));
      await page.getByLabel(w.t('Write a comment')).fill(comment);
      await s.tap(
        'Comment → the comment',
        () => page.getByRole('button', { name: w.t('Comment'), exact: true }).click(),
        (expect) => expect(page.getByText(comment)).toBeVisible(),
      );
      await s.tap(
        'Follow → Following',
        () => page.getByRole('button', { name: w.t('Follow'), exact: true }).click(),
        (expect) => expect(page.getByRole('button', { name: w.t('Following') })).toBeVisible(),
      );
    },
  },
  {
    name: 'shop',
    async run(s: StepRun) {
      const { page, w } = s;
      if (!s.walker.email) s.skip('no member: the sign-up failed');
      const { Product } = await call(s.api, 'getProduct', { Currency: 'HKD', ProductID: 'tea-da-hong-pao' });
      const bag = page.getByRole('link', { name: w.t('{count, plural, one {Shopping bag, # item} other {Shopping bag, # items}}', { count: 1 }) });
      const addForm = page.getByRole('form', { name: w.t('Add to bag') });
      await s.tap(
        'product page opened → Add to bag',
        () => page.goto('/product/tea-da-hong-pao', { waitUntil: 'commit' }),
        async (expect) => {
          await expect(page.getByRole('heading', { level: 1, name: w.pick(Product.Name) })).toBeVisible();
          await expect(addForm.getByRole('button', { name: w.t('Add to bag') })).toBeEnabled();
        },
      );
      await s.fits('the product page');
      await s.tap('Add to bag → the bag, 1 item', () => addForm.getByRole('button', { name: w.t('Add to bag') }).click(), (expect) => expect(bag).toBeVisible());
      await s.tap('the bag → its items and summary', () => bag.click(), async (expect) => {
        await expect(page.getByRole('heading', { level: 1, name: w.t('Shopping bag') })).toBeVisible();
        await expect(page.getByRole('list', { name: w.t('Items in your bag') })).toContainText(w.pick(Product.Name));
        await expect(page.getByRole('region', { name: w.t('Summary') })).toBeVisible();
      });
    },
  },
  {
    name: 'offline',
    async run(s: StepRun) {
      const { page, context } = s;
      // The service worker (installed on the first visit) controls the page; the product page was visited.
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), { timeout: 30_000 })
        .toBe('activated');
      await page.goto('/product/tea-da-hong-pao');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) s.skip('the service worker does not control the page');
      await context.setOffline(true);
      try {
        const heading = page.getByRole('heading', { level: 1 });
        await s.tap(
          'reload offline → the product page',
          () => page.reload({ waitUntil: 'commit' }),
          async (expect) => {
            await expect(heading).toBeVisible();
            await expect(page.getByRole('banner')).toBeVisible();
          },
        );
        s.note(`offline, the product page shows “${(await heading.textContent())?.trim()}”`);
        await s.fits('offline');
      } finally {
        await context.setOffline(false);
      }
    },
  },
];
