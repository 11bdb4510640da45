/**
 * The back office's second factor (issue 32), where the shop requires it: staff set up an authenticator app by
 * its QR code or key, a wrong code is said in words, the right one opens the back office; the next visit of the
 * same session goes straight in.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let staff: Shopper;

beforeAll(async () => {
  server = await createTestApp({ staffSecondFactor: true });
  staff = await shopper(server, { address: false });
  await grantRole(server, staff.userId, 'staff');
});
afterAll(() => server.close());

const codeOf = (key: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s+/g, '')), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

describe('the back office’s second factor', () => {
  it('sets up the app, refuses a wrong code in words, and opens with the right one', async () => {
    const view = await renderApp(server, '/home');
    await signIn(view, staff);
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'orders' } });
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'QR code of your key for the authenticator app' })).toBeTruthy();
    const key = (await screen.findByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)).textContent!;
    const user = userEvent.setup();
    const field = screen.getByLabelText('Code from your app');

    await user.type(field, codeOf(key, 10));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That code does not match. Enter the code your app shows now.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Orders, newest first' })).toBeNull();

    await user.clear(field);
    await user.type(field, codeOf(key));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('table', { name: 'Orders, newest first' })).toBeTruthy();

    // The same session comes back in without a code.
    await view.router.navigate({ to: '/home' });
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'refunds' } });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Enter your code' })).toBeNull());
    expect(await screen.findByRole('table', { name: 'Refunds owed, oldest first' })).toBeTruthy();
  });
});
