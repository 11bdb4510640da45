/**
 * Names as the reader's language writes them (issue 29, 11): family name first in Chinese (陳小明, Chan Siu Ming),
 * given name first in English, on the names the server writes (a ticket's holder) as on the addresses the SPA shows.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEventCheckOut } from '../../contract/index.ts';
import { personName } from '../../contract/person-name.ts';
import { eventTickets, eventVariances, users } from '../../server/db/schema.ts';
import { signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(SEED_NOW.getTime() + 3_600_000) } });
});
afterAll(() => t.close());

describe('personName', () => {
  it('puts the family name first in Chinese, without a space between Chinese characters', () => {
    expect(personName('小明', '陳', 'zh')).toBe('陳小明');
    expect(personName('Siu Ming', 'Chan', 'zh')).toBe('Chan Siu Ming');
    expect(personName('Siu Ming', 'Chan', 'en')).toBe('Siu Ming Chan');
    expect(personName('小明', '', 'zh')).toBe('小明');
  });
});

describe('the name on a ticket', () => {
  it("is written family name first for a booking made in Chinese", async () => {
    const member = await signUpMember(t, { given_name: '小明', family_name: '陳' });
    await t.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, member.userID));
    const open = (await t.db.select().from(eventVariances)).find((v) => v.seatsLeft > 2 && v.saleOpensAt! <= SEED_NOW && v.startsAt > new Date(SEED_NOW.getTime() + 86_400_000));
    const start = await t.call(
      newEventCheckOut,
      { Language: 'zh', Currency: 'HKD', VarianceID: open!.id, NumberOfSeat: 1, GuestInfo: [], PaymentMethod: 'FPS', AgeConfirmed: true, ConfirmPayment: true },
      auth(member),
    );
    const [own] = await t.db.select().from(eventTickets).where(and(eq(eventTickets.orderId, start.OrderID), eq(eventTickets.isOwner, true)));
    expect(own!.holderName).toBe('陳小明');
  });
});
