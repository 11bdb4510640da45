/**
 * Invitations (issue 31), against the real server app: the link activate_invitation/{inviteCode} lets a visitor
 * log in from it and makes them a Regular Member; the spec §8 outcomes are said in place, in words; the
 * account's Membership tab shows who invited them and their own codes to share.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateInviteCode, listInviteCode, userUpdateName, type TokenSet } from '../../contract/index.ts';
import { inviteCodes } from '../../server/db/schema.ts';
import { eventMember, fromSeed, signIn } from '../support/event-bookings.ts';
import { MEMBER_PASSWORD } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let host: TokenSet;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
  host = await eventMember(server, { given_name: 'Hoi Yan' });
  await server.call(userUpdateName, { accessToken: host.accessToken, name: 'hoiyan_brews' }, auth(host));
});
afterAll(() => server.close());

const liveCode = async (tokens: TokenSet) => (await server.call(listInviteCode, {}, auth(tokens))).InviteCodeList.find((c) => c.Live)!.InviteCode;

describe('the invitation page', () => {
  it('lets a visitor log in from it, accepts the invitation for them, and the Membership tab shows who invited them', async () => {
    const user = userEvent.setup();
    const code = await liveCode(host);
    const friend = await eventMember(server);
    const view = await renderApp(server, `/activate_invitation/${code.toLowerCase()}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You are invited to Sip & Gather' })).toBeTruthy();
    expect(screen.getByText(code)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Log in to accept' }));
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByText('Log in or sign up to accept your invitation.')).toBeTruthy();
    await user.type(within(login).getByLabelText('E-mail'), friend.email);
    await user.type(within(login).getByLabelText('Password'), MEMBER_PASSWORD);
    await user.click(within(login).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'You are a Regular Member' })).toBeTruthy();
    expect(screen.getByText('Invited by hoiyan_brews.')).toBeTruthy();
    expect((await server.call(listInviteCode, {}, auth(friend))).Membership.RegularMember).toBe(true);

    await user.click(screen.getByRole('button', { name: 'See your membership' }));
    const account = await screen.findByRole('dialog', { name: 'Account and settings' });
    expect(within(account).getByRole('tab', { name: 'Membership' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(account).findByText(/^Invited by hoiyan_brews on /)).toBeTruthy();
    // Their own code to pass on: live, none of its uses taken.
    const own = await within(account).findByText(/^Used 0 of 5/);
    expect(own.closest('li')!.querySelector('.invite-code-value')!.textContent).toMatch(/^[A-Z2-9]{8}$/);
    expect(within(own.closest('li')!).getByRole('button', { name: 'Copy invite link' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe(`/activate_invitation/${code.toLowerCase()}`);
  });

  it('a member taps once to accept; a code used before, expired or spent is said in place, in words', async () => {
    const user = userEvent.setup();
    const code = await liveCode(host);
    const member = await eventMember(server);
    const view = await renderApp(server, `/activate_invitation/${code}`);
    await signIn(view, member);
    await user.click(await screen.findByRole('button', { name: 'Become a Regular Member' }));
    expect(await screen.findByRole('heading', { name: 'You are a Regular Member' })).toBeTruthy();

    // Used before: a second invitation does not make them a member twice.
    const other = await eventMember(server);
    const second = await renderApp(server, `/activate_invitation/${await liveCode(other)}`);
    await signIn(second, member);
    await user.click(await screen.findByRole('button', { name: 'Become a Regular Member' }));
    expect(await screen.findByText('You have already used an invite code: you are a Regular Member.', { selector: '[role=alert]' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    second.unmount();
    view.unmount();

    const expiredCode = await liveCode(other);
    await server.db.update(inviteCodes).set({ expiresAt: new Date(0) }).where(eq(inviteCodes.code, expiredCode));
    const late = await eventMember(server);
    const third = await renderApp(server, `/activate_invitation/${expiredCode}`);
    await signIn(third, late);
    await user.click(await screen.findByRole('button', { name: 'Become a Regular Member' }));
    expect(await screen.findByText('This invite code has expired. Ask your friend for a new link.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    third.unmount();

    const spent = await liveCode(other);
    await server.db.update(inviteCodes).set({ uses: 5 }).where(eq(inviteCodes.code, spent));
    const fourth = await renderApp(server, `/activate_invitation/${spent}`);
    await signIn(fourth, late);
    await user.click(await screen.findByRole('button', { name: 'Become a Regular Member' }));
    expect(await screen.findByText(/used as many times as it allows/)).toBeTruthy();
  });

  it('refuses a member their own code, and says an unknown link is not valid', async () => {
    const user = userEvent.setup();
    const view = await renderApp(server, `/activate_invitation/${await liveCode(host)}`);
    await signIn(view, host);
    await user.click(await screen.findByRole('button', { name: 'Become a Regular Member' }));
    expect(await screen.findByText('This is your own invite code: share it with a friend instead.')).toBeTruthy();
    view.unmount();

    const stranger = await eventMember(server);
    const unknown = await renderApp(server, '/activate_invitation/NOSUCHCODE');
    await signIn(unknown, stranger);
    await user.click(await screen.findByRole('button', { name: 'Become a Regular Member' }));
    expect(await screen.findByText('This invite link is not valid. Ask your friend to send it again.')).toBeTruthy();
    await expect(server.call(activateInviteCode, { InviteCode: 'NOSUCHCODE' }, auth(stranger))).rejects.toThrow(/ObjectNotFound/);
  });

  it('in Chinese', async () => {
    const view = await renderApp(server, `/activate_invitation/${await liveCode(host)}`, { locale: 'zh-Hant' });
    expect(await screen.findByRole('heading', { level: 1, name: '您獲邀加入 Sip & Gather' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '登入以接受' })).toBeTruthy();
    const member = await eventMember(server);
    await signIn(view, member);
    act(() => view.services.popups.open('account', { section: 'membership' }));
    const account = await screen.findByRole('dialog', { name: '帳戶及設定' });
    expect(await within(account).findByText('由會員邀請加入：打開對方的邀請連結即可。')).toBeTruthy();
    await waitFor(() => expect(within(account).getByText(/^已使用 0／5 次/)).toBeTruthy());
  });
});
