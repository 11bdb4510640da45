import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  checkUsername,
  userChangePassword,
  userGetInfo,
  userLogin,
  userUpdateInfo,
  userUpdateName,
  type CallDef,
  type TokenSet,
} from '../../contract/index.ts';
import { isLoggedIn } from '../../machines/session/session.selectors.ts';
import { users } from '../../server/db/schema.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

/** A second member who already holds the username "tea_friend". */
async function memberNamed(name: string) {
  const tokens = await signUpMember(server, { email: 'tea.friend@example.com' });
  await server.call(userUpdateName, { accessToken: tokens.accessToken, name }, auth(tokens));
}

beforeAll(async () => {
  server = await createTestApp();
  await memberNamed('tea_friend');
});
afterAll(() => server.close());

/** Renders the app, signs the demo member in and opens the account popup. */
async function openAccount() {
  const view = await renderApp(server, '/home');
  const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.email).toBe(demoMember.email));
  act(() => view.services.popups.open('account'));
  const dialog = await screen.findByRole('dialog', { name: 'Account and settings' });
  const calls = vi.spyOn(view.services.api, 'call');
  const sent = (def: CallDef) => calls.mock.calls.filter(([d]) => d === def).map(([, body]) => body);
  return { ...view, tokens, dialog, sent, user: userEvent.setup() };
}

async function memberOnServer(tokens: TokenSet) {
  return (await server.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens))).userDetailInfo;
}

describe('the account popup', () => {
  it('saves an edited bio to the server and the session', async () => {
    const { dialog, user, tokens, services } = await openAccount();
    const bio = within(dialog).getByLabelText('Bio');
    await user.clear(bio);
    await user.type(bio, 'Oolong in the morning, incense at night.');
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(await within(dialog).findByText('Saved')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toBe('Saved');
    expect((await memberOnServer(tokens)).bio).toBe('Oolong in the morning, incense at night.');
    expect(services.session.getSnapshot().context.user?.bio).toBe('Oolong in the morning, incense at night.');
  });

  it('refuses a contact number with letters and sends nothing', async () => {
    const { dialog, user, tokens, sent } = await openAccount();
    await user.type(within(dialog).getByLabelText('Contact number'), '9123abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(await within(dialog).findByText('Incorrect contact number format')).toBeTruthy();
    expect(sent(userUpdateInfo)).toEqual([]);
    expect((await memberOnServer(tokens)).phone).toBeUndefined();
    // Digits only: saved, with the default calling code of Hong Kong.
    await user.clear(within(dialog).getByLabelText('Contact number'));
    await user.type(within(dialog).getByLabelText('Contact number'), '9123 4567');
    await user.click(within(dialog).getByRole('button', { name: 'Save profile' }));
    expect(await within(dialog).findByText('Saved')).toBeTruthy();
    expect(await memberOnServer(tokens)).toMatchObject({ phone: '91234567', phoneCountryCode: '852' });
  });

  it('checks usernames while typing and saves a free one', async () => {
    const { dialog, user, tokens, sent } = await openAccount();
    await user.click(within(dialog).getByRole('tab', { name: 'Username' }));
    expect(within(dialog).getByText('mei_sips')).toBeTruthy();
    const input = within(dialog).getByLabelText('New username');
    await user.type(input, 'TEA_FRIEND');
    expect(await within(dialog).findByText('Username already exists')).toBeTruthy();
    // Debounced: one check for the whole name, not one per key.
    expect(sent(checkUsername)).toEqual([{ name: 'TEA_FRIEND' }]);
    expect((within(dialog).getByRole('button', { name: 'Save username' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(input);
    await user.type(input, 'no spaces!');
    expect(await within(dialog).findByText('Use letters, numbers and underscores only')).toBeTruthy();

    await user.clear(input);
    await user.type(input, 'mei_pours');
    expect(await within(dialog).findByText('Username available')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save username' }));
    expect(await within(dialog).findByText('Saved')).toBeTruthy();
    expect((await memberOnServer(tokens)).name).toBe('mei_pours');
    // The next change has to wait (spec §5: {days} days remaining).
    expect(within(dialog).getByText('30 days remaining')).toBeTruthy();
  });

  it('adds a Hong Kong delivery address without a postal code', async () => {
    // The demo member is seeded with an address: start this one from none.
    await server.db.update(users).set({ deliveryAddresses: [], mainDeliveryAddressIndex: 0 }).where(eq(users.id, demoMember.id));
    const { dialog, user, tokens } = await openAccount();
    await user.click(within(dialog).getByRole('tab', { name: 'Addresses' }));
    expect(within(dialog).getByText('You have no delivery addresses yet.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add a delivery address' }));

    const country = within(dialog).getByLabelText('Country or region') as HTMLSelectElement;
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Hong Kong' })).toBeTruthy());
    expect(country.value).toBe('HK');
    // Only places the shop delivers to (spec §5).
    expect(within(country).queryByRole('option', { name: 'Brazil' })).toBeNull();
    const district = await within(dialog).findByRole('combobox', { name: 'District' });
    await waitFor(() => expect(within(district).getByRole('option', { name: 'Wan Chai' })).toBeTruthy());
    await user.selectOptions(district, 'Wan Chai');
    // The profile's number is offered; this parcel goes to another one.
    await user.clear(within(dialog).getByLabelText('Contact number'));
    await user.type(within(dialog).getByLabelText('Contact number'), '61234567');
    await user.type(within(dialog).getByLabelText('Address line 1'), 'Flat 3A, 8 Tea Lane');
    // Hong Kong has no postal codes: none is asked (spec §3), and the address carries 000000.
    expect(within(dialog).queryByLabelText('Postal code')).toBeNull();
    expect(within(dialog).queryByLabelText('No postal code')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Saved')).toBeTruthy();

    const saved = await memberOnServer(tokens);
    expect(saved.deliveryAddress).toEqual([
      expect.objectContaining({
        label: 'home',
        firstName: 'Mei',
        lastName: 'Chan',
        countryCallingCode: '852',
        phone: '61234567',
        CountryID: 'HK',
        city: 'HK-wan-chai',
        address1: 'Flat 3A, 8 Tea Lane',
        postalCode: '000000',
      }),
    ]);
    expect(saved.mainDeliveryAddressIndex).toBe(0);
    const card = within(dialog).getByRole('listitem');
    expect(within(card).getByText('Wan Chai')).toBeTruthy();
    expect((within(card).getByRole('radio', { name: /Main address/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks for the postal code where the country has them, and checks it', async () => {
    await server.db.update(users).set({ deliveryAddresses: [], mainDeliveryAddressIndex: 0 }).where(eq(users.id, demoMember.id));
    const { dialog, user, tokens } = await openAccount();
    await user.click(within(dialog).getByRole('tab', { name: 'Addresses' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a delivery address' }));
    const country = within(dialog).getByLabelText('Country or region') as HTMLSelectElement;
    await waitFor(() => expect(within(country).getByRole('option', { name: 'Canada' })).toBeTruthy());
    expect(within(dialog).queryByLabelText('Postal code')).toBeNull();
    await user.selectOptions(country, 'Canada');
    await user.clear(within(dialog).getByLabelText('Contact number'));
    await user.type(within(dialog).getByLabelText('Contact number'), '6045550100');
    await user.type(await within(dialog).findByLabelText('City'), 'Vancouver');
    await user.type(within(dialog).getByLabelText('Address line 1'), '1 Granville Street');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const postal = within(dialog).getByLabelText('Postal code');
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    await user.type(postal, 'x!');
    expect(await within(dialog).findByText('Incorrect postal code format')).toBeTruthy();
    await user.clear(postal);
    await user.type(postal, 'V6C 1T2');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Saved')).toBeTruthy();
    expect((await memberOnServer(tokens)).deliveryAddress).toEqual([
      expect.objectContaining({ CountryID: 'CA', city: 'Vancouver', postalCode: 'V6C 1T2' }),
    ]);
  });

  it('says so when the current password is not right', async () => {
    const { dialog, user, sent } = await openAccount();
    await user.click(within(dialog).getByRole('tab', { name: 'Password' }));
    await user.type(within(dialog).getByLabelText('Current password'), 'NotMyPassword1');
    await user.type(within(dialog).getByLabelText('New password'), 'Jasmine2027');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'Jasmine2027');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('Your current password is not right')).toBeTruthy();
    expect(sent(userChangePassword)).toEqual([{ accessToken: '', previousPassword: 'NotMyPassword1', proposedPassword: 'Jasmine2027' }]);
    // The password is unchanged.
    await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
  });

  it('signs the member out and closes', async () => {
    const { dialog, user, services, tokens } = await openAccount();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(services.session.getSnapshot().matches('signedOut')).toBe(true));
    expect(isLoggedIn(services.session.getSnapshot())).toBe(false);
    expect(services.session.getSnapshot().context.user).toBeUndefined();
    // The server revoked the session: its refresh token no longer works.
    const refresh = await server.raw('/api/user-refresh-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userID: tokens.userID, refreshToken: tokens.refreshToken }),
    });
    expect(refresh.json?.result).toBe(false);
  });
});
