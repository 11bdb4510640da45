/**
 * After payment (issue 5): the member's confirmation mail, and shipping by the operator's command,
 * which moves the order to the Completed tab and mails the member once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { checkout, getShoppingBag, listUserProductOrder, userGetInfo, userLogin, addShoppingBag } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { ordersToShip, shipOrders } from '../../server/services/orders/fulfilment.ts';
import { mails } from '../support/members.ts';
import { auth, CARDS, fillBag, orderOf, saveCard, shopper, type Shopper } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const desk = () => ({ db: t.db, mailer: t.deps.mailer, log: pino({ level: 'silent' }), config: { publicUrl: 'https://shop.test' } });

async function paidOrder(m: Shopper) {
  await fillBag(t, m, { 'tea-tieguanyin-50g': 2 });
  const CardID = await saveCard(t, m, CARDS.visa);
  const start = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID }, auth(m));
  expect(start.PaymentStatus).toBe('succeeded');
  return orderOf(t, m, start.OrderID);
}

describe('after payment', () => {
  it('mails the member the confirmation with the order’s reference, total and page', async () => {
    const m = await shopper(t);
    const order = await paidOrder(m);
    const [mail] = (await mails(t, m.email)).filter((x) => x.subject.includes('confirmed'));
    expect(mail?.subject).toBe(`Your Sip & Gather order ${order.Reference} is confirmed · 你的 Sip & Gather 訂單 ${order.Reference} 已確認`);
    expect(mail?.text).toContain(`We received your payment of HK$376.00.`);
    expect(mail?.text).toContain(`/order_record/${order.OrderID}`);
  });

  it('lists paid orders to ship, ships them once, and they move to the Completed tab', async () => {
    const m = await shopper(t);
    const order = await paidOrder(m);
    const listed = (await ordersToShip({ db: t.db })).find((o) => o.reference === order.Reference);
    expect(listed).toMatchObject({ email: m.email, items: 2, total: order.orderDetail.Total, currency: 'HKD' });

    const results = await shipOrders(desk(), [order.Reference.toLowerCase(), order.Reference, 'SG000000NOSUCHID']);
    expect(results).toEqual([
      { reference: order.Reference, outcome: 'shipped' },
      { reference: order.Reference, outcome: 'alreadyShipped' },
      { reference: 'SG000000NOSUCHID', outcome: 'notFound' },
    ]);
    expect(await orderOf(t, m, order.OrderID)).toMatchObject({ PaymentStatus: 'Paid', FulfilmentStatus: 'Completed', Tab: 'Completed' });
    const tab = async (Tab: 'InProcess' | 'Completed') => (await t.call(listUserProductOrder, { Tab }, auth(m))).OrderList.map((o) => o.OrderID);
    expect(await tab('Completed')).toEqual([order.OrderID]);
    expect(await tab('InProcess')).toEqual([]);
    expect((await ordersToShip({ db: t.db })).map((o) => o.reference)).not.toContain(order.Reference);
    const shipped = (await mails(t, m.email)).filter((x) => x.subject.includes('has shipped'));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]?.text).toContain(`Your order ${order.Reference} is on its way.`);
  });

  it('does not ship an order that is not paid', async () => {
    const m = await shopper(t);
    await fillBag(t, m, { 'tea-tieguanyin-50g': 1 });
    const start = await t.call(checkout, { Language: 'en', Currency: 'HKD', PaymentMethod: 'FPS' }, auth(m));
    const order = await orderOf(t, m, start.OrderID);
    expect(await shipOrders(desk(), [order.Reference])).toEqual([{ reference: order.Reference, outcome: 'notPaid' }]);
    expect((await orderOf(t, m, start.OrderID)).Tab).toBe('WaitForPayment');
    expect((await mails(t, m.email)).filter((x) => x.subject.includes('shipped'))).toEqual([]);
  });
});

describe('the demo member’s history (seed)', () => {
  it('has a shipped order and one being prepared, priced as the bag would price them today, and a delivery address', async () => {
    const demo = await t.call(userLogin, { email: demoMember.email, password: demoMember.password });
    const tab = async (Tab: 'InProcess' | 'Completed') => (await t.call(listUserProductOrder, { Tab }, auth(demo))).OrderList;
    const [shipped] = await tab('Completed');
    const [preparing] = await tab('InProcess');
    expect(shipped).toMatchObject({ PaymentStatus: 'Paid', FulfilmentStatus: 'Completed', Reference: 'SGDEMO0000000001' });
    expect(preparing).toMatchObject({ PaymentStatus: 'Paid', FulfilmentStatus: 'InProcess', Reference: 'SGDEMO0000000002' });
    const me = await t.call(userGetInfo, { accessToken: demo.accessToken }, auth(demo));
    expect(me.userDetailInfo.deliveryAddress).toHaveLength(1);
    expect(preparing!.DeliveryAddress).toEqual(me.userDetailInfo.deliveryAddress[0]);

    // The same lines in the bag cost what the order says (no campaign or coupon applies to them today).
    for (const l of preparing!.ProductList) await t.call(addShoppingBag, { VarianceID: l.VarianceID, Quantity: l.Quantity }, auth(demo));
    const bag = await t.call(getShoppingBag, { Currency: 'HKD' }, auth(demo));
    expect(bag.orderDetail).toEqual(preparing!.orderDetail);
  });
});
