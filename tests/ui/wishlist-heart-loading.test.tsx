/**
 * A member's tap on the heart while the member's part of it (MemberWishlistHeart, a chunk of its own) is still
 * loading (issue 27: found beside a CPU burner, where that chunk came late). The tap fills the heart at once; when
 * the part arrives it takes the save over, and the heart must stay filled while the save is under way: it showed
 * "Save to wishlist" again for as long as the cached list took to change (after the answer on its way was cancelled).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { delWishlist, getWishlist, userLogin, type TokenSet } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The member's part of the heart loads when the test lets it.
const chunk = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('../../src/ui/MemberWishlistHeart.tsx', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const PRODUCT = 'tea-tieguanyin';
let server: TestApp;
let tokens: TokenSet;
const auth = () => ({ authorization: `Bearer ${tokens.idToken}` });

beforeAll(async () => {
  server = await createTestApp();
  tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
  for (const p of (await server.call(getWishlist, { Currency: 'HKD' }, auth())).ProductList) await server.call(delWishlist, { ProductID: p.ProductID }, auth());
});
afterAll(() => server.close());

it('keeps the heart filled from the tap, through its part arriving, to the save', async () => {
  const view = await renderApp(server, `/product/${PRODUCT}`);
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  const info = (await screen.findByRole('heading', { level: 1, name: 'Anxi Tieguanyin' })).closest('section')!;
  const user = userEvent.setup();

  await user.click(within(info).getByRole('button', { name: 'Save to wishlist' }));
  expect(within(info).getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');

  await act(async () => {
    chunk.release();
    await chunk.arrived;
  });
  // The part has taken the save over (it asked the server), and the heart never went back.
  expect(within(info).getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
  await waitFor(async () => expect((await server.call(getWishlist, { Currency: 'HKD' }, auth())).ProductList.map((p) => p.ProductID)).toEqual([PRODUCT]));
  expect(within(info).getByRole('button', { name: 'Remove from wishlist' }).getAttribute('aria-pressed')).toBe('true');
  view.unmount();
});
