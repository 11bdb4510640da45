/**
 * The back office's door (issue 32): /admin sends a visitor to sign in; a member without a role is told it is not
 * for them (the server refuses them too); staff see Orders and Refunds only, and an owner's page says it is the
 * owner's; the owner also sees Staff and the Audit log, gives a role by e-mail and finds the change in the log.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let member: Shopper;
let staff: Shopper;
let owner: Shopper;
/** What staff's navigation offers (the first test reads it): the owner's is the same and theirs. */
let staffLinks: (string | null)[] = [];

beforeAll(async () => {
  server = await createTestApp();
  [member, staff, owner] = await Promise.all([shopper(server, { address: false }), shopper(server, { address: false }), shopper(server, { address: false })]);
  await grantRole(server, staff.userId, 'staff');
  await grantRole(server, owner.userId, 'owner');
});
afterAll(() => server.close());

async function openAs(who: Shopper | undefined, path: string) {
  const view = await renderApp(server, '/home');
  if (who) await signIn(view, who);
  await view.router.navigate({ to: path });
  return view;
}

describe('the back office’s door', () => {
  it('sends a visitor to sign in', async () => {
    const view = await openAs(undefined, '/admin/orders');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
    expect(view.router.state.location.search).toMatchObject({ login: true });
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('tells a member without a role that it is not for them, and shows none of its lists', async () => {
    await openAs(member, '/admin');
    expect(await screen.findByRole('heading', { name: 'This part of the shop is not for you' })).toBeTruthy();
    expect(screen.getByText(/Your account holds no staff role/)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows staff every section but the owner’s; an owner’s page says it is the owner’s', async () => {
    const view = await openAs(staff, '/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Orders', 'Refunds', 'Catalogue', 'Sessions', 'Coupons', 'Subscriptions', 'Enquiries']));
    expect(links).not.toContain('Staff');
    expect(links).not.toContain('Audit log');
    staffLinks = links;
    // /admin opens on the orders.
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/orders'));
    expect(await screen.findByRole('table', { name: 'Orders, newest first' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'staff' } });
    expect(await screen.findByText('Only the shop’s owner can see this page.')).toBeTruthy();
  });

  it('gives the owner Staff and the Audit log: a role given by e-mail shows in the list and in the log', async () => {
    const user = userEvent.setup();
    const view = await openAs(owner, '/admin/staff');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([...staffLinks, 'Staff', 'Audit log']);
    const table = await screen.findByRole('table', { name: 'People who hold a role, owners first' });
    expect(await within(table).findByText(owner.email)).toBeTruthy();

    // Someone without an account: said in words.
    await user.type(screen.getByLabelText('Their account’s e-mail'), 'nobody-here@example.com');
    await user.click(screen.getByRole('button', { name: 'Give the role' }));
    expect(await screen.findByText('No account has this e-mail. The person signs up first.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Their account’s e-mail'));
    await user.type(screen.getByLabelText('Their account’s e-mail'), member.email);
    await user.selectOptions(screen.getByLabelText('Role'), 'host');
    await user.click(screen.getByRole('button', { name: 'Give the role' }));
    expect(await screen.findByText(`${member.email} now: Host.`)).toBeTruthy();
    const row = (await within(table).findByText(member.email)).closest('tr')!;
    expect(within(row).getAllByRole('cell')[2]!.textContent).toBe('Host');
    expect((within(row).getByLabelText(`Role of ${member.email}`) as HTMLSelectElement).value).toBe('host');

    await view.router.navigate({ to: '/admin/{-$section}', params: { section: 'audit_log' } });
    const log = await screen.findByRole('table', { name: 'Changes made through the back office, newest first' });
    await within(log).findAllByText('staff-role.set');
    const first = within(log).getAllByRole('row')[1]!;
    expect(within(first).getByText('staff-role.set')).toBeTruthy();
    expect(within(first).getByText(owner.email)).toBeTruthy();
    expect(within(first).getByText(`user:${member.userId}`)).toBeTruthy();
  });
});
