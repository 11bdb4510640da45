/**
 * A member's tap on "Add to bag" while their bag is still loading (issue 27: found beside a CPU burner, where
 * the bag's part, a chunk of its own loaded on sign-in, came late). The button was disabled until the bag had
 * been read, so an early tap did nothing at all; now the tap is kept, the button says it is adding, and the
 * add is made once the bag has been read, with the same "Added to your bag." as any other.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { getShoppingBag } from '../../contract/index.ts';
import { users } from '../../server/db/schema.ts';
import { signUpMember } from '../support/members.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The bag's part loads when the test lets it.
const chunk = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('../../src/app/bag-service.ts', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

it('keeps a tap made before the bag has loaded, and adds once it has: once, however often it was tapped', async () => {
  const tokens = await signUpMember(server);
  await server.db.update(users).set({ preSurveyDone: true }).where(eq(users.id, tokens.userID));
  const view = await renderApp(server, '/product/tea-tieguanyin');
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.userID).toBe(tokens.userID));
  const user = userEvent.setup();
  const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
  // The badge is there without a count: the bag has not been read.
  await screen.findByRole('link', { name: 'Shopping bag' });
  const form = within(info).getByRole('form', { name: 'Add to bag' });
  await user.click(within(form).getByRole('button', { name: 'Increase quantity' }));
  await user.click(within(form).getByRole('button', { name: 'Add to bag' }));

  const busy = within(form).getByRole('button', { name: 'Adding…' }) as HTMLButtonElement;
  expect(busy.getAttribute('aria-busy')).toBe('true');
  expect(busy.disabled).toBe(true);
  // A second tap while it waits adds nothing more.
  await user.click(busy);

  await act(async () => {
    chunk.release();
    await chunk.arrived;
  });
  expect(await within(form).findByText('Added to your bag.')).toBeTruthy();
  expect(within(form).getByRole('button', { name: 'Add to bag' })).toBeTruthy();
  await screen.findByRole('link', { name: 'Shopping bag, 1 item' });
  const bag = await server.call(getShoppingBag, { Currency: 'HKD' }, { authorization: `Bearer ${tokens.idToken}` });
  expect(bag.productList.map((l) => [l.VarianceID, l.SelectedQuantity])).toEqual([['tea-tieguanyin-50g', 2]]);
  view.unmount();
});
