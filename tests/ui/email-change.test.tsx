import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGetInfo, userLogin, type TokenSet } from '../../contract/index.ts';
import { mailedCode, mails, MEMBER_PASSWORD, signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
const PASSWORD = MEMBER_PASSWORD;
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

/** The newest mail to an address, read from the server's outbox. */
const newestMail = async (email: string) => (await mails(server, email))[0]?.text ?? '';

/** A fresh, verified member, signed up through the API. */
const freshMember = (email: string) =>
  signUpMember(server, { email, password: PASSWORD, given_name: 'Siu Ming', family_name: 'Lee' });

/** Renders the app, signs the member in and opens the account popup at its E-mail tab. */
async function openEmailTab(email: string) {
  const view = await renderApp(server, '/home');
  const tokens = await server.call(userLogin, { email, password: PASSWORD });
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.email).toBe(email));
  act(() => view.services.popups.open('account'));
  const dialog = await screen.findByRole('dialog', { name: 'Account and settings' });
  const user = userEvent.setup();
  await user.click(within(dialog).getByRole('tab', { name: 'E-mail' }));
  // The tab's section comes in a chunk of its own, fetched as the popup shows.
  await waitFor(() => expect(within(dialog).getAllByText(email, { selector: '.account-email' })).toHaveLength(2));
  return { ...view, tokens, dialog, user };
}

describe('the e-mail tab of the account popup', () => {
  it('changes the address after the code mailed to the new one comes back', async () => {
    const email = 'siu.ming@example.com';
    const target = 'siu.ming.new@example.com';
    await freshMember(email);
    const { dialog, user, tokens, services } = await openEmailTab(email);
    expect(within(dialog).getAllByText(email, { selector: '.account-email' })).toHaveLength(2);

    // Checked before anything is sent.
    const input = within(dialog).getByLabelText('New e-mail address');
    await user.type(input, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('Invalid email format')).toBeTruthy();
    await user.clear(input);
    await user.type(input, email.toUpperCase());
    expect(await within(dialog).findByText('This is already your e-mail address')).toBeTruthy();

    await user.clear(input);
    await user.type(input, target);
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    const codeField = await within(dialog).findByLabelText('Code');
    expect(within(dialog).getByRole('status').textContent).toBe(`We have sent a 6-digit code to ${target}.`);
    // The old address got the notice, the new one the code.
    expect(await newestMail(email)).toContain(target);
    const { code } = await mailedCode(server, target);

    // A wrong code is refused in words.
    await user.type(codeField, code === '000000' ? '111111' : '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('That code is not right. Check the e-mail and try again.')).toBeTruthy();

    await user.clear(codeField);
    await user.type(codeField, code);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe(`Your e-mail address is now ${target}`));

    // The popup, the session and the server all have the new address.
    // The popup's heading and the tab both show the new address; the old one is gone.
    expect(within(dialog).getAllByText(target, { selector: '.account-email' })).toHaveLength(2);
    expect(within(dialog).queryByText(email, { selector: '.account-email' })).toBeNull();
    expect(services.session.getSnapshot().context.user?.email).toBe(target);
    const info = await server.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens));
    expect(info.userDetailInfo).toMatchObject({ email: target, emailVerified: true });
  });

  it('says so when the address belongs to another account, and sends a new code on request', async () => {
    const email = 'tea.lover@example.com';
    await freshMember(email);
    await freshMember('taken@example.com');
    const { dialog, user } = await openEmailTab(email);
    const input = within(dialog).getByLabelText('New e-mail address');
    await user.type(input, 'taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText('This email is already registered')).toBeTruthy();

    await user.clear(input);
    await user.type(input, 'tea.lover.2@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByLabelText('Code');
    const first = await newestMail('tea.lover.2@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    await waitFor(async () => expect(await newestMail('tea.lover.2@example.com')).not.toBe(first));
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });
});
