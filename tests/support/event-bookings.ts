/**
 * Event bookings for UI tests (issue 15), made the way a member makes them: newEventCheckOut by FPS,
 * the bank's notification through the sandbox's pay endpoint, the webhook delivered.
 */
import { act, waitFor } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getEventOrder, newEventCheckOut, type EventOrder, type GuestInfo, type TokenSet } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { signUpMember } from './members.ts';
import type { renderApp } from './render-app.tsx';
import { auth, deliverWebhooks } from './shop.ts';
import { SEED_NOW, type TestApp } from './test-app.ts';

/** A server clock running from an hour after the seed's, so its sessions are as the seed describes them whenever the test runs. */
export const fromSeed = () => {
  const started = Date.now();
  return { now: () => new Date(SEED_NOW.getTime() + 3_600_000 + (Date.now() - started)) };
};

/** A verified member past the entry survey (event_record is a paid-member page). */
export async function eventMember(server: TestApp, names: { given_name?: string; family_name?: string } = {}) {
  const tokens = await signUpMember(server, names);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  return tokens;
}

/** Places an FPS event order and leaves it waiting for payment; its OrderID. */
export async function unpaidBooking(server: TestApp, member: TokenSet, VarianceID: string, NumberOfSeat: number, GuestInfo: GuestInfo[] = []) {
  const start = await server.call(
    newEventCheckOut,
    { Language: 'en', Currency: 'HKD', VarianceID, NumberOfSeat, GuestInfo, PaymentMethod: 'FPS', AgeConfirmed: true },
    auth(member),
  );
  return start;
}

/** A paid booking: placed by FPS, paid through the sandbox bank, its notification delivered. */
export async function paidBooking(server: TestApp, member: TokenSet, VarianceID: string, NumberOfSeat: number, GuestInfo: GuestInfo[] = []): Promise<EventOrder> {
  const start = await unpaidBooking(server, member, VarianceID, NumberOfSeat, GuestInfo);
  const paid = await server.raw(`/api/payments/sandbox/fps/${start.PaymentID!}/pay`, { method: 'POST' });
  expect(paid.status).toBe(200);
  await deliverWebhooks(server);
  const order = (await server.call(getEventOrder, { orderID: start.OrderID }, auth(member))).Order;
  expect(order.PaymentStatus).toBe('Paid');
  return order;
}

type View = Awaited<ReturnType<typeof renderApp>>;

/** Signs the rendered app in as a member and waits until the session knows them. */
export async function signIn(view: View, tokens: TokenSet) {
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
}
