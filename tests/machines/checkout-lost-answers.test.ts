/**
 * The checkout machine when an answer never came (placing, paying a placed order, the card's outcome): the
 * member's orders or the order are looked up after a pause and what is found decides, never placing twice.
 */
import { describe, expect, it } from 'vitest';
import { orderPaymentMachine } from '../../machines/order-payment/order-payment.machine.ts';
import { needsStep, paid, processing, teaBag, visa } from '../../machines/checkout/checkout.fixtures.ts';
import * as select from '../../machines/checkout/checkout.selectors.ts';
import type {
  CallResult,
  GetProductOrderOutput,
  ListUserProductOrderOutput,
  OrderPaymentStatus,
  PaymentStart,
  PlaceOrderFailData,
} from '../../machines/checkout/checkout.types.ts';
import { ORDER_NOT_PLACED } from '../../machines/checkout/checkout.types.ts';
import { hkd, POLL_INTERVAL, startCheckout, tick } from './checkout-support.ts';

describe('checkout: an answer that never came is looked up, not called a failure', () => {
  const SETTLE = orderPaymentMachine.implementations.delays.answerLostSettle as number;
  const dropped = () => {
    throw new TypeError('Failed to fetch');
  };
  const listed = (...orders: Array<[string, OrderPaymentStatus]>): CallResult<ListUserProductOrderOutput> => ({
    ok: true,
    data: { OrderList: orders.map(([OrderID, PaymentStatus]) => ({ OrderID, PaymentStatus })) },
  });
  const order = (PaymentStatus: OrderPaymentStatus): CallResult<GetProductOrderOutput> => ({ ok: true, data: { Order: { OrderID: 'order-7', PaymentStatus } } });
  const srcs = (t: ReturnType<typeof startCheckout>) => t.calls.map((c) => c.src);
  const count = (t: ReturnType<typeof startCheckout>, src: string) => t.calls.filter((c) => c.src === src).length;

  /** To the payment step with the method chosen, then PLACE_ORDER; the checkout call has been made. */
  async function placeBy(t: ReturnType<typeof startCheckout>, method: 'CreditCard' | 'Alipay' | 'FPS') {
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method });
    await tick();
    t.send({ type: 'PLACE_ORDER' });
    await tick();
  }

  it('placing’s answer lost, the order found paid: the order confirmation, after a pause for the server to finish', async () => {
    // An earlier paid order (order-0) is listed before and after: only order-7 is this attempt's.
    const lists = [listed(['order-0', 'Paid']), listed(['order-7', 'Paid'], ['order-0', 'Paid'])];
    const t = startCheckout(hkd, { orders: () => lists.shift()!, place: dropped });
    await placeBy(t, 'CreditCard');
    expect(srcs(t)).toEqual(['getShoppingBag', 'getPaymentMehtod', 'listUserProductOrder', 'checkout']);
    expect(t.calls[2]!.input).toEqual({ Size: 5 });
    expect(select.step(t.snapshot())).toBe('checking');
    expect(select.isBusy(t.snapshot())).toBe(true);
    expect(select.result(t.snapshot())).toBeUndefined();
    t.clock.increment(SETTLE - 1);
    await tick();
    expect(count(t, 'listUserProductOrder')).toBe(1);
    t.clock.increment(1);
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'listUserProductOrder', input: { Size: 5 } });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
    expect(count(t, 'checkout')).toBe(1);
    expect(t.errors).toEqual([]);
  });

  it('placing’s answer lost, the order found waiting for its card payment: its payment is asked for again (same card), and its answer leads on', async () => {
    // Undecided: the same payment, still processing, then the order is read until it is paid.
    const lists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const reads = [order('WaitForPayment'), order('Paid')];
    const t = startCheckout(hkd, {
      orders: () => lists.shift()!,
      place: dropped,
      pay: () => ({ ok: true, data: { ...processing, OrderID: 'order-7' } }),
      order: () => reads.shift()!,
    });
    await placeBy(t, 'CreditCard');
    t.clock.increment(SETTLE);
    await tick();
    const asked = t.calls.filter((c) => c.src === 'createProductPayment');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.input).toMatchObject({ OrderID: 'order-7', PaymentMethod: 'CreditCard', CardID: visa.id });
    expect(select.step(t.snapshot())).toBe('paying');
    t.clock.increment(POLL_INTERVAL);
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
    expect(count(t, 'checkout')).toBe(1);

    // Waiting for the card's extra step, whose page was in the lost answer: the same payment's page again.
    const stepLists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const step = startCheckout(hkd, { orders: () => stepLists.shift()!, place: dropped, pay: () => ({ ok: true, data: { ...needsStep, OrderID: 'order-7' } }) });
    await placeBy(step, 'CreditCard');
    step.clock.increment(SETTLE);
    await tick();
    expect(select.result(step.snapshot())).toEqual({ outcome: 'redirect', OrderID: 'order-7', RedirectURL: needsStep.RedirectURL });
    expect(count(step, 'checkout')).toBe(1);
  });

  it('placing’s answer lost, the order found waiting: FPS shows its QR; Alipay (its page never reached) is paid again, not placed again', async () => {
    const fpsLists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const fps = startCheckout(hkd, { orders: () => fpsLists.shift()!, place: dropped });
    await placeBy(fps, 'FPS');
    fps.clock.increment(SETTLE);
    await tick();
    expect(select.result(fps.snapshot())).toEqual({ outcome: 'fps', OrderID: 'order-7', RedirectURL: undefined });

    const lists = [listed(), listed(['order-7', 'WaitForPayment'])];
    const alipay = startCheckout(hkd, { orders: () => lists.shift()!, place: dropped, pay: () => ({ ok: true, data: { ...needsStep, OrderID: 'order-7' } }) });
    await placeBy(alipay, 'Alipay');
    alipay.clock.increment(SETTLE);
    await tick();
    expect(select.step(alipay.snapshot())).toBe('payment');
    expect(select.lostAnswerFinding(alipay.snapshot())).toBe('notPaid');
    expect(select.hasOrder(alipay.snapshot())).toBe(true);
    alipay.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(alipay.calls.at(-1)).toEqual({ src: 'createProductPayment', input: { OrderID: 'order-7', PaymentMethod: 'Alipay', CardID: undefined, CouponID: 'TEA10' } });
    expect(count(alipay, 'checkout')).toBe(1);
    expect(select.result(alipay.snapshot())?.outcome).toBe('redirect');
  });

  it('placing’s answer lost and no new order: "not placed", the bag as it was, and placing again is offered', async () => {
    // The first attempt's actor reports the dropped connection as a value; an earlier order is no new one.
    const places: Array<() => CallResult<PaymentStart, PlaceOrderFailData>> = [() => ({ ok: false, code: 'NetworkError' }), () => ({ ok: true, data: paid })];
    const t = startCheckout(hkd, { orders: () => listed(['order-0', 'Paid']), place: () => places.shift()!() });
    await placeBy(t, 'Alipay');
    expect(select.step(t.snapshot())).toBe('checking');
    t.clock.increment(SETTLE);
    await tick();
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.lostAnswerFinding(t.snapshot())).toBe('notPlaced');
    expect(select.error(t.snapshot())).toEqual({ code: ORDER_NOT_PLACED });
    expect(select.hasOrder(t.snapshot())).toBe(false);
    expect(select.totals(t.snapshot())).toEqual(teaBag.orderDetail);
    expect(select.couponID(t.snapshot())).toBe('TEA10');
    expect(select.paymentMethod(t.snapshot())).toBe('Alipay');
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
    expect(count(t, 'checkout')).toBe(1);

    t.send({ type: 'PLACE_ORDER' });
    expect(select.lostAnswerFinding(t.snapshot())).toBeUndefined();
    await tick();
    expect(count(t, 'checkout')).toBe(2);
    expect(select.result(t.snapshot())?.outcome).toBe('confirmed');
  });

  it('the look-up fails too: "could not confirm", and checking again looks again, never places again', async () => {
    const lists: Array<() => CallResult<ListUserProductOrderOutput>> = [
      () => listed(),
      dropped,
      () => ({ ok: false, code: 'InternalError' }),
      () => listed(['order-7', 'PaymentFailed']),
    ];
    const t = startCheckout(hkd, { orders: () => lists.shift()!(), place: dropped });
    await placeBy(t, 'CreditCard');
    t.clock.increment(SETTLE);
    await tick();
    expect(select.step(t.snapshot())).toBe('unconfirmed');
    expect(select.isBusy(t.snapshot())).toBe(false);
    expect(select.canCheckAgain(t.snapshot())).toBe(true);
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    expect(select.canGoBack(t.snapshot())).toBe(false);
    expect(t.snapshot().can({ type: 'BACK_TO_BAG' })).toBe(false);

    t.send({ type: 'RETRY' });
    expect(select.step(t.snapshot())).toBe('checking');
    await tick();
    expect(select.step(t.snapshot())).toBe('unconfirmed');
    t.send({ type: 'RETRY' });
    await tick();
    expect(srcs(t).filter((s) => s === 'listUserProductOrder' || s === 'checkout')).toEqual([
      'listUserProductOrder',
      'checkout',
      'listUserProductOrder',
      'listUserProductOrder',
      'listUserProductOrder',
    ]);
    // The order is there, its payment refused: back to choosing how to pay that order.
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.lostAnswerFinding(t.snapshot())).toBe('notPaid');
    expect(select.hasOrder(t.snapshot())).toBe(true);
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
    expect(t.errors).toEqual([]);
  });

  it('paying a placed order (create-product-payment), its answer lost: the order is read and its status decides', async () => {
    const resume = { ...hkd, resume: { OrderID: 'order-7', PaymentMethod: 'Alipay' as const } };
    const outcomes = async (after: CallResult<GetProductOrderOutput>) => {
      const reads = [order('PaymentFailed'), after];
      const t = startCheckout(resume, { order: () => reads.shift()!, pay: dropped });
      await tick();
      t.send({ type: 'PLACE_ORDER' });
      await tick();
      expect(select.step(t.snapshot())).toBe('checking');
      t.clock.increment(SETTLE);
      await tick();
      expect(srcs(t)).toEqual(['getProductOrder', 'createProductPayment', 'getProductOrder']);
      expect(t.calls.at(-1)!.input).toEqual({ orderID: 'order-7' });
      return t.snapshot();
    };
    expect(select.result(await outcomes(order('Paid')))).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
    expect(select.result(await outcomes(order('Expired')))).toEqual({ outcome: 'failed', OrderID: 'order-7', ErrorCode: 'PaymentFail' });
    expect(select.result(await outcomes(order('Cancelled')))?.outcome).toBe('failed');
    const refused = await outcomes(order('PaymentFailed'));
    expect(select.step(refused)).toBe('payment');
    expect(select.lostAnswerFinding(refused)).toBe('notPaid');
    const unreadable = await outcomes({ ok: false, code: 'InternalError' });
    expect(select.step(unreadable)).toBe('unconfirmed');
  });

  it('back from the card’s extra step, the outcome’s answer lost: the order is read', async () => {
    const t = startCheckout(
      { ...hkd, resume: { OrderID: 'order-7', PaymentMethod: 'CreditCard', PaymentID: 'pi_1' } },
      { confirmCard: dropped, order: () => order('Paid') },
    );
    await tick();
    expect(select.step(t.snapshot())).toBe('checking');
    t.clock.increment(SETTLE);
    await tick();
    expect(srcs(t)).toEqual(['productCreditcardPayment', 'getProductOrder']);
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-7', RedirectURL: undefined });
  });
});
