/**
 * The checkout machine's behaviour, call by call (startCheckout in checkout-support.ts): the age confirmation,
 * choosing and saving the delivery address, adding a card, the card's extra step, reading the order until
 * it is paid, paying a failed order again, coupons refused, OutOfStock, and the orders noted before placing.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkoutMachine } from '../../machines/checkout/checkout.machine.ts';
import { withCouponRecovery } from '../../machines/coupon-totals/coupon-totals.provide.ts';
import { expiredCoupon, mastercard, needsStep, paid, processing, teaBag, visa, whiskyBag } from '../../machines/checkout/checkout.fixtures.ts';
import * as select from '../../machines/checkout/checkout.selectors.ts';
import type { AddCreditCardOutput } from '../../machines/payment-choice/payment-choice.types.ts';
import type { CallResult, GetProductOrderOutput, UserUpdateInfoOutput } from '../../machines/checkout/checkout.types.ts';
import { hkd, POLL_DEADLINE, POLL_INTERVAL, startCheckout, tick } from './checkout-support.ts';

describe('checkout: behaviour', () => {
  it('alcohol in the bag asks for the over-18 confirmation; a saved card pays at once', async () => {
    const t = startCheckout(hkd, {
      bag: (i) => ({ ok: true, data: { totals: whiskyBag, couponID: i.couponID } }),
      place: () => ({ ok: true, data: paid }),
    });
    expect(select.step(t.snapshot())).toBe('loading');
    await tick();
    expect(t.calls[0]).toEqual({ src: 'getShoppingBag', input: { couponID: 'TEA10', request: { Currency: 'HKD' } } });
    expect(select.step(t.snapshot())).toBe('address');
    expect(select.totals(t.snapshot())?.Total).toBe(79_200);
    t.send({ type: 'CONTINUE' });
    expect(select.needsAgeConfirmation(t.snapshot())).toBe(true);
    t.send({ type: 'CONFIRM_AGE' });
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);

    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    expect(select.isLoadingCards(t.snapshot())).toBe(true);
    await tick();
    expect(select.cards(t.snapshot())).toEqual([visa, mastercard]);
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    t.send({ type: 'SELECT_CARD', cardID: 'pm_unknown' });
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    t.send({ type: 'SELECT_CARD', cardID: mastercard.id });
    expect(select.selectedCard(t.snapshot())).toEqual(mastercard);

    t.send({ type: 'PLACE_ORDER' });
    expect(select.isBusy(t.snapshot())).toBe(true);
    await tick();
    expect(t.calls.at(-1)).toEqual({
      src: 'checkout',
      input: { Language: 'en', Currency: 'HKD', PaymentMethod: 'CreditCard', CardID: 'pm_mc', CouponID: 'TEA10', AgeConfirmed: true },
    });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-1', RedirectURL: undefined });
  });

  it('declining the age confirmation goes back to the bag; no alcohol skips it', async () => {
    const withAlcohol = startCheckout(hkd, { bag: () => ({ ok: true, data: { totals: whiskyBag } }) });
    await tick();
    withAlcohol.send({ type: 'CONTINUE' });
    withAlcohol.send({ type: 'DECLINE_AGE' });
    expect(select.result(withAlcohol.snapshot())).toEqual({ outcome: 'backToBag', OrderID: undefined, RedirectURL: undefined });

    const tea = startCheckout(hkd);
    await tick();
    tea.send({ type: 'CONTINUE' });
    expect(select.step(tea.snapshot())).toBe('payment');
  });

  it('without an address the member must choose one, which reads the totals again', async () => {
    const t = startCheckout({ currency: 'USD', language: 'zh' });
    await tick();
    expect(select.canContinue(t.snapshot())).toBe(false);
    t.send({ type: 'CONTINUE' });
    expect(select.step(t.snapshot())).toBe('address');
    t.send({ type: 'CHOOSE_ADDRESS', index: 2 });
    expect(select.step(t.snapshot())).toBe('loading');
    await tick();
    expect(t.calls.map((c) => c.src)).toEqual(['getShoppingBag', 'getShoppingBag']);
    expect(select.addressIndex(t.snapshot())).toBe(2);
    expect(select.canContinue(t.snapshot())).toBe(true);
  });

  it('adds a card: tokenised, saved, and selected; a refusal returns to the form with the reason', async () => {
    let tokenizeAnswer: CallResult<AddCreditCardOutput> = { ok: false, code: 'PaymentFail', message: 'Your card number is incorrect.' };
    const newCard = { id: 'pm_new', brand: 'amex', last4: '0005', expMonth: 1, expYear: 2030 };
    const t = startCheckout(hkd, {
      cards: () => ({ ok: true, data: { PaymentMethodList: [] } }),
      tokenize: () => tokenizeAnswer,
      attach: () => ({ ok: true, data: { PaymentMethod: newCard } }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    expect(select.canAddCard(t.snapshot())).toBe(false);
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await tick();
    expect(select.cards(t.snapshot())).toEqual([]);
    expect(select.canPlaceOrder(t.snapshot())).toBe(false);
    t.send({ type: 'ADD_CARD' });
    expect(select.step(t.snapshot())).toBe('addCard');
    const card = { type: 'SUBMIT_CARD', number: '3782 822463 10005', expMonth: 1, expYear: 2030, cvc: '1234' } as const;
    t.send(card);
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'addCreditCard', input: { number: '3782 822463 10005', exp_month: 1, exp_year: 2030, cvc: '1234' } });
    expect(select.step(t.snapshot())).toBe('addCard');
    expect(select.error(t.snapshot())).toEqual({ code: 'PaymentFail', message: 'Your card number is incorrect.' });

    tokenizeAnswer = { ok: true, data: { PaymentMethodID: 'pm_new' } };
    t.send(card);
    await tick();
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'addPaymentMehtod', input: { PaymentMethodID: 'pm_new' } });
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.selectedCard(t.snapshot())).toEqual(newCard);
    expect(select.error(t.snapshot())).toBeUndefined();
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
  });

  it('an extra confirmation step sends the browser away; coming back reads the card payment’s outcome', async () => {
    const t = startCheckout(hkd, { place: () => ({ ok: true, data: needsStep }) });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await tick();
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'redirect', OrderID: 'order-1', RedirectURL: needsStep.RedirectURL });

    const back = startCheckout(
      { ...hkd, resume: { OrderID: 'order-1', PaymentMethod: 'CreditCard', PaymentID: 'pi_1' } },
      { confirmCard: () => ({ ok: true, data: paid }) },
    );
    expect(select.step(back.snapshot())).toBe('paying');
    await tick();
    expect(back.calls).toEqual([{ src: 'productCreditcardPayment', input: { OrderID: 'order-1', Payload: 'pi_1', OrderType: 'product' } }]);
    expect(select.result(back.snapshot())?.outcome).toBe('confirmed');
  });

  it('placed while the provider decides: reads the order every 2 s until it is paid', async () => {
    const answers: Array<CallResult<GetProductOrderOutput>> = [
      { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } },
      { ok: false, code: 'InternalError' },
      { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Paid' } } },
    ];
    const t = startCheckout(hkd, { place: () => ({ ok: true, data: processing }), order: () => answers.shift()! });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    const reads = () => t.calls.filter((c) => c.src === 'getProductOrder');
    expect(reads()).toEqual([{ src: 'getProductOrder', input: { orderID: 'order-1' } }]);
    t.clock.increment(POLL_INTERVAL - 1);
    await tick();
    expect(reads()).toHaveLength(1);
    t.clock.increment(1);
    await tick();
    expect(reads()).toHaveLength(2);
    t.clock.increment(POLL_INTERVAL);
    await tick();
    expect(reads()).toHaveLength(3);
    expect(select.result(t.snapshot())).toEqual({ outcome: 'confirmed', OrderID: 'order-1', RedirectURL: undefined });
  });

  it('gives up reading after the deadline and leaves the result to the order page', async () => {
    const t = startCheckout(hkd, {
      place: () => ({ ok: true, data: processing }),
      order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    for (let elapsed = 0; elapsed < POLL_DEADLINE - POLL_INTERVAL; elapsed += POLL_INTERVAL) {
      t.clock.increment(POLL_INTERVAL);
      await tick();
    }
    expect(select.step(t.snapshot())).toBe('paying');
    const reads = t.calls.filter((c) => c.src === 'getProductOrder').length;
    expect(reads).toBe(POLL_DEADLINE / POLL_INTERVAL);
    t.clock.increment(POLL_INTERVAL);
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'processing', OrderID: 'order-1', RedirectURL: undefined });
  });

  it('a declined payment ends the checkout with its code and the placed order (for payment_fail)', async () => {
    const t = startCheckout(hkd, {
      place: () => ({ ok: false, code: 'PaymentFail', message: 'Payment failed, please use another payment method or try again later', data: { OrderID: 'order-1' } }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'CreditCard' });
    await tick();
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'failed', OrderID: 'order-1', ErrorCode: 'PaymentFail' });
  });

  it('paying a failed order again starts at the payment step with its method, and pays that order', async () => {
    const t = startCheckout(
      { ...hkd, couponID: undefined, addressIndex: undefined, resume: { OrderID: 'order-1', PaymentMethod: 'CreditCard' } },
      {
        order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'PaymentFailed' } } }),
        pay: () => ({ ok: false, code: 'AlipayError', message: 'Alipay is unavailable' }),
      },
    );
    expect(select.step(t.snapshot())).toBe('loading');
    await tick();
    await tick();
    expect(t.calls.map((c) => c.src)).toEqual(['getProductOrder', 'getPaymentMehtod']);
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.paymentMethod(t.snapshot())).toBe('CreditCard');
    expect(select.selectedCard(t.snapshot())).toEqual(visa);
    expect(select.hasOrder(t.snapshot())).toBe(true);
    // The address was chosen with the order: there is no going back to it.
    expect(select.canGoBack(t.snapshot())).toBe(false);

    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(t.calls.at(-1)).toEqual({ src: 'createProductPayment', input: { OrderID: 'order-1', PaymentMethod: 'Alipay', CardID: undefined, CouponID: undefined } });
    expect(select.result(t.snapshot())).toEqual({ outcome: 'failed', OrderID: 'order-1', ErrorCode: 'AlipayError' });
  });

  it('paying again an order that is paid, cancelled or unreadable', async () => {
    const resume = { ...hkd, resume: { OrderID: 'order-1', PaymentMethod: 'FPS' as const } };
    const paidOrder = startCheckout(resume, { order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Paid' } } }) });
    const expired = startCheckout(resume, { order: () => ({ ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'Expired' } } }) });
    const answers: Array<CallResult<GetProductOrderOutput>> = [
      { ok: false, code: 'InternalError' },
      { ok: true, data: { Order: { OrderID: 'order-1', PaymentStatus: 'WaitForPayment' } } },
    ];
    const unreadable = startCheckout(resume, { order: () => answers.shift()! });
    await tick();
    expect(select.result(paidOrder.snapshot())?.outcome).toBe('confirmed');
    expect(select.result(expired.snapshot())?.outcome).toBe('cancelled');
    expect(select.step(unreadable.snapshot())).toBe('loadFailed');
    unreadable.send({ type: 'RETRY' });
    await tick();
    expect(unreadable.calls.map((c) => c.src)).toEqual(['getProductOrder', 'getProductOrder']);
    expect(select.step(unreadable.snapshot())).toBe('payment');
    expect(select.paymentMethod(unreadable.snapshot())).toBe('FPS');
    expect(select.canPlaceOrder(unreadable.snapshot())).toBe(true);
  });

  it('a coupon refused when placing (70600) is dropped with its message, and the totals read again without it', async () => {
    let coupons: Array<string | undefined> = [];
    const t = startCheckout(hkd, {
      bag: (i) => {
        coupons.push(i.couponID);
        return { ok: true, data: { totals: teaBag, couponID: i.couponID } };
      },
      place: () => ({ ok: false, code: '70600', message: expiredCoupon.message }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'FPS' });
    coupons = [];
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    await tick();
    expect(coupons).toEqual([undefined]);
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.couponID(t.snapshot())).toBeUndefined();
    expect(select.couponError(t.snapshot())).toEqual({ couponID: 'TEA10', code: '70600', message: expiredCoupon.message });
    expect(select.paymentMethod(t.snapshot())).toBe('FPS');
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
  });

  it('a refused coupon on the first read is shown and not sent with the order', async () => {
    const t = startCheckout(hkd, {
      bag: () => ({ ok: true, data: { totals: teaBag, couponError: expiredCoupon } }),
      place: () => ({ ok: true, data: { OrderID: 'order-9', PaymentStatus: 'pending' } }),
    });
    await tick();
    expect(select.couponError(t.snapshot())).toEqual(expiredCoupon);
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'FPS' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect((t.calls.at(-1)!.input as { CouponID?: string }).CouponID).toBeUndefined();
    expect(select.result(t.snapshot())).toEqual({ outcome: 'fps', OrderID: 'order-9', RedirectURL: undefined });
  });

  it('OutOfStock sends the member back to the bag with the server’s message', async () => {
    const t = startCheckout(hkd, { place: () => ({ ok: false, code: 'OutOfStock', message: 'Island Single Malt is out of stock' }) });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(select.step(t.snapshot())).toBe('bagProblem');
    expect(select.error(t.snapshot())).toEqual({ code: 'OutOfStock', message: 'Island Single Malt is out of stock' });
    t.send({ type: 'BACK_TO_BAG' });
    expect(select.result(t.snapshot())?.outcome).toBe('backToBag');
  });

  it('when the member’s orders cannot be noted before placing, nothing is placed and placing again is offered', async () => {
    const t = startCheckout(hkd, {
      orders: () => {
        throw new TypeError('Failed to fetch');
      },
      place: () => ({ ok: true, data: paid }),
    });
    await tick();
    t.send({ type: 'CONTINUE' });
    t.send({ type: 'SELECT_METHOD', method: 'Alipay' });
    t.send({ type: 'PLACE_ORDER' });
    await tick();
    expect(t.calls.map((c) => c.src)).toEqual(['getShoppingBag', 'listUserProductOrder']);
    expect(select.step(t.snapshot())).toBe('payment');
    expect(select.error(t.snapshot())).toEqual({ code: 'NetworkError' });
    expect(select.canPlaceOrder(t.snapshot())).toBe(true);
    expect(t.errors).toEqual([]);
  });
  it('reads the bag through the shared coupon recovery: a refused coupon is dropped and the bag read without it', async () => {
    const asked: Array<string | undefined> = [];
    const getShoppingBag = withCouponRecovery(async ({ couponID }: { couponID?: string | undefined; request: { Currency: 'HKD' | 'USD' } }) => {
      asked.push(couponID);
      return couponID
        ? { ok: false as const, code: '70600', message: expiredCoupon.message, data: { reason: 'Expired' as const } }
        : { ok: true as const, data: teaBag };
    });
    const actor = createActor(checkoutMachine.provide({ actors: { getShoppingBag } }), { input: hkd }).start();
    await tick();
    await tick();
    expect(asked).toEqual(['TEA10', undefined]);
    expect(select.step(actor.getSnapshot())).toBe('address');
    expect(select.couponID(actor.getSnapshot())).toBeUndefined();
    expect(select.couponError(actor.getSnapshot())).toEqual({ couponID: 'TEA10', code: '70600', reason: 'Expired', message: expiredCoupon.message });
  });
});

describe('checkout: picking a delivery address', () => {
  it('saves it as the main address, then reads the totals for it; a refusal or no answer leaves it as it was, and says so', async () => {
    let answer: CallResult<UserUpdateInfoOutput> | Error = { ok: false, code: 'InvalidParameter' };
    const t = startCheckout(hkd, {
      saveAddress: (input) => {
        if (answer instanceof Error) throw answer;
        return answer.ok ? { ok: true, data: { userDetailInfo: { mainDeliveryAddressIndex: input.mainDeliveryAddressIndex } } } : answer;
      },
    });
    await tick();
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    expect(select.isSavingAddress(t.snapshot())).toBe(true);
    expect(select.step(t.snapshot())).toBe('address');
    expect(select.canContinue(t.snapshot())).toBe(false);
    await tick();
    expect(select.addressNotSaved(t.snapshot())).toBe(true);
    expect(select.addressIndex(t.snapshot())).toBe(0);
    answer = new Error('network down');
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    expect(select.addressNotSaved(t.snapshot())).toBe(false);
    await tick();
    expect(select.addressNotSaved(t.snapshot())).toBe(true);
    answer = { ok: true, data: { userDetailInfo: { mainDeliveryAddressIndex: 1 } } };
    t.send({ type: 'PICK_ADDRESS', index: 1 });
    await tick();
    expect(select.addressIndex(t.snapshot())).toBe(1);
    expect(select.addressNotSaved(t.snapshot())).toBe(false);
    expect(t.calls.map((c) => c.src)).toEqual(['getShoppingBag', 'userUpdateInfo', 'userUpdateInfo', 'userUpdateInfo', 'getShoppingBag']);
    expect(t.calls[1]!.input).toEqual({ mainDeliveryAddressIndex: 1 });
  });
});
