/**
 * Opening a gathering (issue 31) in two browsers: a member books a seat of a later session; at the venue its host
 * asks for a code, reads it in their mail, opens the gathering (admin-init) and checks the member's ticket in by
 * its link; the member's ticket page then says they are in, and their Tonight shows the room.
 */
import type { APIRequestContext } from '@playwright/test';
import { atEveryWidth, expect, freshMember, latestMailId, logIn, mailedCode, shoot, test } from './support.ts';

const GATHERING = 'gth-gongfu-oolong-2';
const SESSION = 'evs-gongfu-oolong-2';
const HOST = 'olivia.inspire@sipandgather.hk';

function caller(request: APIRequestContext, idToken: string) {
  return async (call: string, data: object) => {
    const answer = await request.post(`/api/${call}`, { data, headers: { authorization: `Bearer ${idToken}` } });
    expect(answer.ok(), `${call}: ${await answer.text()}`).toBe(true);
    return answer.json();
  };
}

test('the host opens the gathering with a mailed code and checks a ticket in by its link', async ({ browser, page, request, baseURL }) => {
  const member = await browser.newPage();
  const tokens = await freshMember(member, request, 'ticket-holder');
  const call = caller(request, tokens.idToken);
  const { PaymentMethodID } = await call('addCreditCard', { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' });
  const card = (await call('addPaymentMehtod', { PaymentMethodID })).PaymentMethod.id;
  const booked = await call('newEventCheckOut', { Language: 'en', Currency: 'HKD', VarianceID: SESSION, NumberOfSeat: 1, PaymentMethod: 'CreditCard', CardID: card });
  expect(booked.PaymentStatus).toBe('succeeded');
  const ticket: string = (await call('get-event-order', { orderID: booked.OrderID })).Order.TicketList[0].TicketID;

  await page.goto('/home');
  await logIn(page, HOST, 'SipGather2026');
  await page.goto(`/host/${GATHERING}`);
  const before = await latestMailId(request, HOST);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/We mailed a 6-digit code to/)).toBeVisible();
  await page.getByLabel('Code').fill(await mailedCode(request, HOST, before));
  await page.getByRole('button', { name: 'Open the gathering' }).click();
  await expect(page.getByRole('heading', { name: 'In the room (0)' })).toBeVisible();

  await page.getByLabel('Ticket link or code').fill(`${baseURL}/activate_ticket/${ticket}`);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByText('Ka Yan Wong is in.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'In the room (1)' })).toBeVisible();
  await atEveryWidth(page, 'the host’s screen after a check-in', (width) => shoot(page, { path: `test-results/shots/gathering-open/host-en-${width}.png`, fullPage: true }));

  // The member's own ticket link now says so; Tonight is their table.
  await member.goto(`/activate_ticket/${ticket}`);
  await expect(member.getByText('This ticket has been checked in.')).toBeVisible();
  await atEveryWidth(member, 'the checked-in ticket', (width) => shoot(member, { path: `test-results/shots/gathering-open/ticket-en-${width}.png`, fullPage: true }));
  await member.goto('/tonight');
  await expect(member.getByText(/1 in the room/)).toBeVisible();
  await member.close();
});
