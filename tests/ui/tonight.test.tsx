/**
 * Tonight (issue 31), against the real server app: the demo member, checked in at today's gathering, sees
 * tonight's pours at the gathering's prices, fills the cart, orders and is handed the FPS QR; a member not
 * checked in is told how to get in; leaving says goodbye. Also in Chinese.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductOrder, listUserProductOrder } from '../../contract/index.ts';
import { gatheringPours } from '../../server/db/schema.ts';
import { SEED_POURS } from '../../server/db/seed/gathering-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { eventMember, fromSeed, signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
});
afterAll(() => server.close());

const hkd = (cents: number) => `HK$${(cents / 100).toFixed(2)}`;

describe('Tonight', () => {
  it('the member in the room adds pours, orders them and is handed the FPS QR; the order holds the pours', async () => {
    const user = userEvent.setup();
    const demo = await startSession(server.deps, demoMember.id);
    const view = await renderApp(server, '/home');
    await signIn(view, demo);
    await view.router.navigate({ to: '/tonight' });
    expect(await screen.findByText(/3 in the room/)).toBeTruthy();
    const pours = await screen.findByRole('region', { name: 'Poured tonight' });
    const gyokuro = (await within(pours).findByText('Yame Gyokuro')).closest('li')!;
    expect(within(gyokuro).getByText(hkd(SEED_POURS[0].priceHkd))).toBeTruthy();
    expect(within(gyokuro).getByText(`${SEED_POURS[0].setAside} left tonight`)).toBeTruthy();
    // A pour with published cards shows what it tastes of and the demo member's match (they have a taste profile).
    const longJing = (await within(pours).findByText('West Lake Long Jing')).closest('li')!;
    expect(await within(longJing).findByText(/^\d+% match$/)).toBeTruthy();
    expect(within(longJing).getByLabelText('Tasting notes').textContent).not.toBe('');

    await user.click(within(gyokuro).getByRole('button', { name: 'Add Yame Gyokuro' }));
    const cart = screen.getByRole('region', { name: 'Your order' });
    expect(await within(cart).findByLabelText('Quantity of Yame Gyokuro')).toBeTruthy();
    await user.click(within(cart).getByRole('button', { name: 'One more Yame Gyokuro' }));
    await waitFor(() => expect(within(cart).getByLabelText('Quantity of Yame Gyokuro').textContent).toBe('2'));
    expect(within(cart).getByText(hkd(2 * SEED_POURS[0].priceHkd), { selector: '.cart-total .price' })).toBeTruthy();

    // Picked up and paid by card unless the member chooses otherwise.
    expect((within(cart).getByRole('radio', { name: 'Pick it up here at the venue' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(cart).getByRole('radio', { name: /FPS/ }));
    await user.click(within(cart).getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByRole('dialog', { name: 'Pay with FPS' })).toBeTruthy();
    const [order] = (await server.call(listUserProductOrder, {}, auth(demo))).OrderList;
    expect(order).toMatchObject({ PaymentStatus: 'WaitForPayment', PaymentMethod: 'FPS' });
    expect((await server.call(getProductOrder, { orderID: order!.OrderID }, auth(demo))).Order.orderDetail.Total).toBe(2 * SEED_POURS[0].priceHkd);
    const [pour] = await server.db.select({ remaining: gatheringPours.remaining }).from(gatheringPours).where(eq(gatheringPours.productId, SEED_POURS[0].productId));
    expect(pour!.remaining).toBe(SEED_POURS[0].setAside - 2);
    // The cart is empty again for the next round.
    await waitFor(() => expect(within(cart).getByText('Nothing yet: add from tonight’s list.')).toBeTruthy());
    // Tonight's orders list it (behind the FPS popup), waiting for payment, with the way to pay it.
    const mine = await screen.findByRole('region', { name: 'Your orders tonight', hidden: true });
    expect(await within(mine).findByText(/Yame Gyokuro × 2/)).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Pay now', hidden: true })).toBeTruthy();
  });

  it('an order to be delivered, paid by card, continues on the payment page with the order', async () => {
    const user = userEvent.setup();
    const demo = await startSession(server.deps, demoMember.id);
    const view = await renderApp(server, '/home');
    await signIn(view, demo);
    await view.router.navigate({ to: '/tonight' });
    const pours = await screen.findByRole('region', { name: 'Poured tonight' });
    await user.click(await within(pours).findByRole('button', { name: 'Add Shizuoka Sencha' }));
    const cart = screen.getByRole('region', { name: 'Your order' });
    expect(await within(cart).findByLabelText('Quantity of Shizuoka Sencha')).toBeTruthy();
    await user.click(within(cart).getByRole('radio', { name: 'Deliver it to my address' }));
    expect(within(cart).getByText(/with its shipping fee/)).toBeTruthy();
    await user.click(within(cart).getByRole('button', { name: 'Order and pay' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/checkout_product'));
    const [order] = (await server.call(listUserProductOrder, {}, auth(demo))).OrderList;
    expect(view.router.state.location.search).toMatchObject({ orderID: order!.OrderID, method: 'CreditCard' });
    expect(order).toMatchObject({ PaymentStatus: 'WaitForPayment', PaymentMethod: 'CreditCard', GatheringID: 'gth-matcha-whisking-0' });
    expect(order!.DeliveryAddress).toBeDefined();
  });

  it('says more than is left tonight beside the cart', async () => {
    const user = userEvent.setup();
    const demo = await startSession(server.deps, demoMember.id);
    await server.db.update(gatheringPours).set({ remaining: 1 }).where(eq(gatheringPours.productId, SEED_POURS[1].productId));
    const view = await renderApp(server, '/home');
    await signIn(view, demo);
    await view.router.navigate({ to: '/tonight' });
    const pours = await screen.findByRole('region', { name: 'Poured tonight' });
    const sencha = (await within(pours).findByText('Shizuoka Sencha')).closest('li')!;
    await user.click(within(sencha).getByRole('button', { name: 'Add Shizuoka Sencha' }));
    const cart = screen.getByRole('region', { name: 'Your order' });
    await user.click(await within(cart).findByRole('button', { name: 'One more Shizuoka Sencha' }));
    expect(await within(cart).findByText('Not that many are left tonight.')).toBeTruthy();
  });

  it('a member not checked in is told how to get in; in the room, leaving says goodbye', async () => {
    const user = userEvent.setup();
    const stranger = await eventMember(server);
    const view = await renderApp(server, '/home');
    await signIn(view, stranger);
    await view.router.navigate({ to: '/tonight' });
    expect(await screen.findByText(/You are not checked in at a gathering/)).toBeTruthy();
    expect(await screen.findByText('Matcha Whisking Workshop')).toBeTruthy();
    view.unmount();

    const demo = await startSession(server.deps, demoMember.id);
    const again = await renderApp(server, '/home', { locale: 'zh-Hant' });
    await signIn(again, demo);
    await again.router.navigate({ to: '/tonight' });
    expect(await screen.findByRole('heading', { level: 2, name: '今晚品飲' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '離開聚會' }));
    expect(await screen.findByText('您已離開聚會。多謝光臨！')).toBeTruthy();
  });
});
