import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bagMachine } from '../../machines/bag/bag.machine.ts';
import { bagAnswers, bagWithNotices, oolongLine, shoppingBag, whiskyLine } from '../../machines/bag/bag.fixtures.ts';
import * as select from '../../machines/bag/bag.selectors.ts';
import type {
  BagChange,
  CallResult,
  ChangeBagInput,
  CouponApplyInput,
  CouponApplyOutput,
  CouponFailData,
  GetShoppingBagInput,
  GetShoppingBagOutput,
  ShoppingBag,
} from '../../machines/bag/bag.types.ts';
import { withCouponRecovery } from '../../machines/coupon-totals/coupon-totals.provide.ts';
import { bagModel } from './bag.model.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(bagModel);

describe('bag: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(bagMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(bagModel, p);
    for (const call of calls) {
      if (call.src === 'getShoppingBag') expect((call.input as GetShoppingBagInput).request.Currency).toMatch(/^(HKD|USD)$/);
      if (call.src === 'addShoppingBag') expect(call.input).toEqual({ VarianceID: oolongLine.VarianceID, Quantity: 2 });
      if (call.src === 'setShoppingBag') expect([0, 5]).toContain((call.input as ChangeBagInput).Quantity);
      // The typed code goes to the server trimmed and upper-cased, as the server reads it.
      if (call.src === 'couponApply') expect((call.input as CouponApplyInput).CouponID).toBe('WELCOME10');
    }
    // Spec §4: every answered add, set or coupon change is followed by a read of the bag (a 70600 too).
    for (const { event, state } of p.path.steps) {
      const m = /^xstate\.done\.actor\.(addShoppingBag|setShoppingBag|couponApply)$/.exec(event.type);
      if (!m) continue;
      const out = (event as unknown as { output: CallResult<unknown, unknown> }).output;
      const changed = m[1] !== 'couponApply' || out.ok || out.code === '70600';
      expect(state.matches('refreshing'), `${event.type} → ${JSON.stringify(state.value)}`).toBe(changed);
    }
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

type Script = {
  getShoppingBag?: (input: GetShoppingBagInput) => Promise<GetShoppingBagOutput>;
  addShoppingBag?: (input: ChangeBagInput) => Promise<CallResult<BagChange>>;
  setShoppingBag?: (input: ChangeBagInput) => Promise<CallResult<BagChange>>;
  couponApply?: (input: CouponApplyInput) => Promise<CallResult<CouponApplyOutput, CouponFailData>>;
};

/** A bag actor with scripted calls; `calls` lists every call with its input, in order. */
function startBag(script: Script, input: { currency: 'HKD' | 'USD'; couponCode?: string } = { currency: 'HKD' }) {
  const calls: Array<[string, unknown]> = [];
  const recorded =
    <I, O>(name: string, fn: ((input: I) => Promise<O>) | undefined, fallback: (input: I) => O) =>
    ({ input }: { input: I }) => {
      calls.push([name, input]);
      return fn ? fn(input) : Promise.resolve(fallback(input));
    };
  const actor = createActor(
    bagMachine.provide({
      actors: {
        getShoppingBag: fromPromise(
          recorded('getShoppingBag', script.getShoppingBag, (i: GetShoppingBagInput): GetShoppingBagOutput => ({
            ok: true,
            data: { totals: shoppingBag(i.request.Currency, i.couponID), couponID: i.couponID },
          })),
        ),
        addShoppingBag: fromPromise(
          recorded('addShoppingBag', script.addShoppingBag, (i: ChangeBagInput): CallResult<BagChange> => ({
            ok: true,
            data: { ...i, Requested: i.Quantity },
          })),
        ),
        setShoppingBag: fromPromise(
          recorded('setShoppingBag', script.setShoppingBag, (i: ChangeBagInput): CallResult<BagChange> => ({
            ok: true,
            data: { ...i, Requested: i.Quantity },
          })),
        ),
        couponApply: fromPromise(
          recorded('couponApply', script.couponApply, (i: CouponApplyInput): CallResult<CouponApplyOutput, CouponFailData> => ({
            ok: true,
            data: { Coupon: { CouponID: i.CouponID.toUpperCase() } },
          })),
        ),
      },
    }),
    { input },
  );
  actor.start();
  const settled = () => waitFor(actor, (s) => !select.isBusy(s));
  return { actor, calls, settled };
}

describe('bag: behaviour', () => {
  it('loads, then adds and reads the bag again', async () => {
    const { actor, calls, settled } = startBag({});
    expect(select.isLoading(actor.getSnapshot())).toBe(true);
    expect(select.badgeText(actor.getSnapshot())).toBeUndefined();
    await settled();
    expect(select.lineCount(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 2 });
    expect(select.isMutating(actor.getSnapshot())).toBe(true);
    expect(select.pendingVariance(actor.getSnapshot())).toBe(oolongLine.VarianceID);
    expect(select.canChange(actor.getSnapshot())).toBe(false);
    await settled();
    expect(calls).toEqual([
      ['getShoppingBag', { couponID: undefined, request: { Currency: 'HKD' } }],
      ['addShoppingBag', { VarianceID: oolongLine.VarianceID, Quantity: 2 }],
      ['getShoppingBag', { couponID: undefined, request: { Currency: 'HKD' } }],
    ]);
    expect(select.lastChange(actor.getSnapshot())).toEqual({ VarianceID: oolongLine.VarianceID, Quantity: 2, Requested: 2 });
    expect(select.notices(actor.getSnapshot())).toEqual([]);
    expect(select.canChange(actor.getSnapshot())).toBe(true);
  });

  it('set 0 removes the line (setShoppingBag with 0); invalid quantities and variances are refused locally', async () => {
    const { actor, calls, settled } = startBag({});
    await settled();
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 0 });
    actor.send({ type: 'ADD', varianceID: '', quantity: 1 });
    actor.send({ type: 'SET', varianceID: oolongLine.VarianceID, quantity: 100 });
    actor.send({ type: 'SET', varianceID: oolongLine.VarianceID, quantity: 1.5 });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'SET', varianceID: oolongLine.VarianceID, quantity: 0 });
    await settled();
    expect(calls.slice(1).map(([name, input]) => [name, input])).toEqual([
      ['setShoppingBag', { VarianceID: oolongLine.VarianceID, Quantity: 0 }],
      ['getShoppingBag', { couponID: undefined, request: { Currency: 'HKD' } }],
    ]);
  });

  it('stock caps an add: a notice says only N are available', async () => {
    const { actor, settled } = startBag({
      addShoppingBag: async (i) => ({ ok: true, data: { VarianceID: i.VarianceID, Quantity: 3, Requested: 12 } }),
    });
    await settled();
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 10 });
    await settled();
    expect(select.notices(actor.getSnapshot())).toEqual([
      { kind: 'cappedAtStock', VarianceID: oolongLine.VarianceID, quantity: 3, requested: 12 },
    ]);
  });

  it('OutOfStock / StopSell refusals become notices, and the bag is read again', async () => {
    const answers: CallResult<BagChange>[] = [
      { ok: false, code: 'OutOfStock', message: 'Out of stock' },
      { ok: false, code: 'StopSell', message: 'No longer sold' },
    ];
    const { actor, calls, settled } = startBag({ addShoppingBag: async () => answers.shift()!, setShoppingBag: async () => answers.shift()! });
    await settled();
    actor.send({ type: 'ADD', varianceID: 'v-gone', quantity: 1 });
    await settled();
    actor.send({ type: 'SET', varianceID: 'v-stopped', quantity: 2 });
    await settled();
    expect(calls.map(([name]) => name)).toEqual(['getShoppingBag', 'addShoppingBag', 'getShoppingBag', 'setShoppingBag', 'getShoppingBag']);
    expect(select.notices(actor.getSnapshot())).toEqual([
      { kind: 'addRefused', VarianceID: 'v-gone', change: 'add', code: 'OutOfStock', message: 'Out of stock' },
      { kind: 'addRefused', VarianceID: 'v-stopped', change: 'set', code: 'StopSell', message: 'No longer sold' },
    ]);
    expect(select.failure(actor.getSnapshot())).toEqual({ call: 'setShoppingBag', code: 'StopSell', message: 'No longer sold' });
    expect(select.hasFailed(actor.getSnapshot())).toBe(false);
  });

  it('reports what the server reduced or took out, once, until dismissed', async () => {
    const reads: ShoppingBag[] = [bagWithNotices, bagWithNotices, shoppingBag('HKD')];
    const { actor, settled } = startBag({ getShoppingBag: async () => ({ ok: true, data: { totals: reads.shift()! } }) });
    await settled();
    actor.send({ type: 'REFRESH' });
    await settled();
    const notices = select.notices(actor.getSnapshot());
    expect(notices.map((n) => n.kind)).toEqual(['quantityReduced', 'removedOutOfStock', 'removedStopSell']);
    expect(notices[0]).toEqual({
      kind: 'quantityReduced',
      item: { ProductID: whiskyLine.ProductID, VarianceID: whiskyLine.VarianceID, Name: whiskyLine.Name, VarianceName: whiskyLine.VarianceName },
      from: 3,
      to: 1,
    });
    expect(notices[1]).toMatchObject({ kind: 'removedOutOfStock', quantity: 1, item: { VarianceID: 'coffee-yirgacheffe-250g' } });
    expect(select.hasAlcohol(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'DISMISS_NOTICES' });
    expect(select.notices(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'REFRESH' });
    await settled();
    expect(select.notices(actor.getSnapshot())).toEqual([]);
    expect(select.hasAlcohol(actor.getSnapshot())).toBe(false);
  });

  it('applies a coupon: checked, then the bag is read with it', async () => {
    const { actor, calls, settled } = startBag({});
    await settled();
    actor.send({ type: 'APPLY_COUPON', code: ' welcome10 ' });
    await settled();
    expect(calls.slice(1)).toEqual([
      ['couponApply', { CouponID: 'WELCOME10', Currency: 'HKD' }],
      ['getShoppingBag', { couponID: 'WELCOME10', request: { Currency: 'HKD' } }],
    ]);
    expect(select.couponCode(actor.getSnapshot())).toBe('WELCOME10');
    expect(select.summary(actor.getSnapshot())?.Coupon?.CouponID).toBe('WELCOME10');
    actor.send({ type: 'REMOVE_COUPON' });
    await settled();
    expect(calls.at(-1)).toEqual(['getShoppingBag', { couponID: undefined, request: { Currency: 'HKD' } }]);
    expect(select.couponCode(actor.getSnapshot())).toBeUndefined();
  });

  it('an empty coupon code does nothing (spec §5)', async () => {
    const { actor, calls, settled } = startBag({});
    await settled();
    const before = actor.getSnapshot();
    actor.send({ type: 'APPLY_COUPON', code: '' });
    actor.send({ type: 'APPLY_COUPON', code: '   ' });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot()).toBe(before);
  });

  it('coupon/apply answers 70600: the coupon is dropped, its message kept, the bag read again without it', async () => {
    const { actor, calls, settled } = startBag({
      couponApply: async (i) =>
        i.CouponID === 'EXPIRED2025'
          ? { ok: false, code: '70600', message: 'This coupon has expired', data: { reason: 'Expired' } }
          : { ok: true, data: { Coupon: { CouponID: i.CouponID } } },
    });
    await settled();
    actor.send({ type: 'APPLY_COUPON', code: 'WELCOME10' });
    await settled();
    actor.send({ type: 'APPLY_COUPON', code: 'EXPIRED2025' });
    await settled();
    expect(calls.slice(3)).toEqual([
      ['couponApply', { CouponID: 'EXPIRED2025', Currency: 'HKD' }],
      ['getShoppingBag', { couponID: undefined, request: { Currency: 'HKD' } }],
    ]);
    const s = actor.getSnapshot();
    expect(select.couponCode(s)).toBeUndefined();
    expect(select.couponError(s)).toEqual({ couponID: 'EXPIRED2025', code: '70600', reason: 'Expired', message: 'This coupon has expired' });
    expect(select.summary(s)?.Coupon).toBeUndefined();
    expect(select.summary(s)?.Discount).toBe(0);
    // The message stays until the next coupon change.
    actor.send({ type: 'REFRESH' });
    await settled();
    expect(select.couponError(actor.getSnapshot())?.reason).toBe('Expired');
    actor.send({ type: 'REMOVE_COUPON' });
    expect(select.couponError(actor.getSnapshot())).toBeUndefined();
    expect(calls).toHaveLength(6);
  });

  it('getShoppingBag refuses the coupon (70600) through the coupon-totals machine: dropped, kept, read again', async () => {
    const totalsCalls: unknown[] = [];
    const bagRead = withCouponRecovery<ShoppingBag, { Currency: 'HKD' | 'USD' }>(async (input) => {
      totalsCalls.push(input);
      return input.couponID
        ? { ok: false, code: '70600', message: 'Spend HK$500 to use this coupon', data: { reason: 'MinSpend' } }
        : { ok: true, data: shoppingBag(input.request.Currency) };
    });
    const actor = createActor(
      bagMachine.provide({
        actors: {
          getShoppingBag: bagRead,
          addShoppingBag: fromPromise(async ({ input }): Promise<CallResult<BagChange>> => ({ ok: true, data: { ...input, Requested: input.Quantity } })),
        },
      }),
      { input: { currency: 'HKD', couponCode: 'TEA50' } },
    ).start();
    await waitFor(actor, (s) => !select.isBusy(s));
    expect(totalsCalls).toEqual([{ couponID: 'TEA50', request: { Currency: 'HKD' } }, { request: { Currency: 'HKD' } }]);
    expect(select.couponCode(actor.getSnapshot())).toBeUndefined();
    expect(select.couponError(actor.getSnapshot())).toEqual({
      couponID: 'TEA50',
      code: '70600',
      reason: 'MinSpend',
      message: 'Spend HK$500 to use this coupon',
    });
    // The next read goes without the dropped coupon.
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 1 });
    await waitFor(actor, (s) => !select.isBusy(s));
    expect(totalsCalls.at(-1)).toEqual({ request: { Currency: 'HKD' } });
  });

  it('a coupon refused otherwise keeps the coupon the bag had', async () => {
    const { actor, settled } = startBag({
      couponApply: async (i) =>
        i.CouponID === 'WELCOME10' ? { ok: true, data: { Coupon: { CouponID: 'WELCOME10' } } } : { ok: false, code: 'InvalidParameter', message: 'CouponID' },
    });
    await settled();
    actor.send({ type: 'APPLY_COUPON', code: 'WELCOME10' });
    await settled();
    actor.send({ type: 'APPLY_COUPON', code: 'X'.repeat(41) });
    await settled();
    expect(select.couponCode(actor.getSnapshot())).toBe('WELCOME10');
    expect(select.couponError(actor.getSnapshot())).toMatchObject({ code: 'InvalidParameter' });
    expect(select.hasFailed(actor.getSnapshot())).toBe(true);
  });

  it('changes are refused while a call runs (the UI disables them)', async () => {
    let release!: (r: CallResult<BagChange>) => void;
    const { actor, calls, settled } = startBag({ addShoppingBag: () => new Promise((resolve) => (release = resolve)) });
    await settled();
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 1 });
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 1 });
    actor.send({ type: 'SET', varianceID: oolongLine.VarianceID, quantity: 3 });
    actor.send({ type: 'APPLY_COUPON', code: 'WELCOME10' });
    actor.send({ type: 'REFRESH' });
    await tick();
    expect(calls.map(([name]) => name)).toEqual(['getShoppingBag', 'addShoppingBag']);
    release({ ok: true, data: { VarianceID: oolongLine.VarianceID, Quantity: 3, Requested: 3 } });
    await settled();
    expect(calls.map(([name]) => name)).toEqual(['getShoppingBag', 'addShoppingBag', 'getShoppingBag']);
  });

  it('a currency change reads the bag in the new currency, also when it comes while a read runs', async () => {
    let release!: (r: GetShoppingBagOutput) => void;
    let first = true;
    const { actor, calls, settled } = startBag({
      getShoppingBag: (i) => {
        if (first) {
          first = false;
          return new Promise((resolve) => (release = resolve));
        }
        return Promise.resolve({ ok: true, data: { totals: shoppingBag(i.request.Currency) } });
      },
    });
    actor.send({ type: 'CURRENCY_CHANGED', currency: 'USD' });
    release(bagAnswers.hkd);
    await settled();
    expect(calls.map(([, input]) => (input as GetShoppingBagInput).request.Currency)).toEqual(['HKD', 'USD']);
    expect(select.summary(actor.getSnapshot())?.Currency).toBe('USD');
    actor.send({ type: 'CURRENCY_CHANGED', currency: 'USD' });
    expect(calls).toHaveLength(2);
    actor.send({ type: 'CURRENCY_CHANGED', currency: 'HKD' });
    await settled();
    expect(select.currency(actor.getSnapshot())).toBe('HKD');
    expect(select.summary(actor.getSnapshot())?.Currency).toBe('HKD');
  });

  it('server failure: the last bag stays, the failure shows, REFRESH retries', async () => {
    let down = false;
    const { actor, settled } = startBag({
      getShoppingBag: async (i) => {
        if (down) throw new TypeError('Failed to fetch');
        return { ok: true, data: { totals: shoppingBag(i.request.Currency) } };
      },
      addShoppingBag: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await settled();
    down = true;
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 1 });
    await settled();
    expect(select.hasFailed(actor.getSnapshot())).toBe(true);
    expect(select.failure(actor.getSnapshot())).toEqual({ call: 'addShoppingBag', code: 'NetworkError' });
    expect(select.lineCount(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'REFRESH' });
    await settled();
    expect(select.failure(actor.getSnapshot())).toEqual({ call: 'getShoppingBag', code: 'NetworkError' });
    down = false;
    actor.send({ type: 'REFRESH' });
    await settled();
    expect(select.hasFailed(actor.getSnapshot())).toBe(false);
    expect(select.failure(actor.getSnapshot())).toBeUndefined();
  });

  it('a failed first read leaves no bag, and a business failure is kept with its code', async () => {
    const { actor, settled } = startBag({ getShoppingBag: async () => bagAnswers.failed });
    await settled();
    expect(select.hasFailed(actor.getSnapshot())).toBe(true);
    expect(select.bag(actor.getSnapshot())).toBeUndefined();
    expect(select.failure(actor.getSnapshot())).toEqual({ call: 'getShoppingBag', code: 'InternalError', message: 'Internal error' });
    expect(select.canCheckout(actor.getSnapshot())).toBe(false);
  });

  it('the badge counts line items, "99+" from 100 (spec §9)', async () => {
    const many = (n: number): ShoppingBag => ({
      ...shoppingBag('HKD'),
      productList: Array.from({ length: n }, (_, i) => ({ ...oolongLine, VarianceID: `v-${i}` })),
    });
    for (const [n, text] of [[0, undefined], [1, '1'], [99, '99'], [100, '99+'], [150, '99+']] as const) {
      const { actor, settled } = startBag({ getShoppingBag: async () => ({ ok: true, data: { totals: many(n) } }) });
      await settled();
      expect(select.badgeText(actor.getSnapshot())).toBe(text);
      expect(select.isEmpty(actor.getSnapshot())).toBe(n === 0);
      actor.stop();
    }
  });
});

describe('bag: coupon check unreachable', () => {
  it('keeps the coupon the bag had', async () => {
    let down = false;
    const { actor, settled } = startBag({
      couponApply: async (i) => {
        if (down) throw new TypeError('Failed to fetch');
        return { ok: true, data: { Coupon: { CouponID: i.CouponID } } };
      },
    });
    await settled();
    actor.send({ type: 'APPLY_COUPON', code: 'WELCOME10' });
    await settled();
    down = true;
    actor.send({ type: 'APPLY_COUPON', code: 'TEA50' });
    await settled();
    expect(select.hasFailed(actor.getSnapshot())).toBe(true);
    expect(select.failure(actor.getSnapshot())).toEqual({ call: 'couponApply', code: 'NetworkError' });
    expect(select.couponCode(actor.getSnapshot())).toBe('WELCOME10');
  });
});

describe('bag: what became of an add or a set (the page says it beside its control)', () => {
  it('changed, capped at stock, refused or failed, whichever call it was', async () => {
    const answers: Array<CallResult<BagChange> | Error> = [
      { ok: true, data: { VarianceID: oolongLine.VarianceID, Quantity: 2, Requested: 2 } },
      { ok: true, data: { VarianceID: oolongLine.VarianceID, Quantity: 3, Requested: 9 } },
      { ok: false, code: 'OutOfStock', message: 'Sold out' },
      new Error('network down'),
    ];
    const next = async () => {
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return answer;
    };
    const { actor, settled } = startBag({ addShoppingBag: next, setShoppingBag: next });
    await settled();
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 2 });
    await settled();
    expect(select.changeOutcome(actor.getSnapshot())).toEqual({ kind: 'changed', change: 'add', VarianceID: oolongLine.VarianceID, quantity: 2 });
    actor.send({ type: 'SET', varianceID: oolongLine.VarianceID, quantity: 9 });
    await settled();
    expect(select.changeOutcome(actor.getSnapshot())).toEqual({ kind: 'cappedAtStock', change: 'set', VarianceID: oolongLine.VarianceID, quantity: 3, requested: 9 });
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 1 });
    await settled();
    expect(select.changeOutcome(actor.getSnapshot())).toEqual({ kind: 'refused', change: 'add', VarianceID: oolongLine.VarianceID, code: 'OutOfStock', message: 'Sold out' });
    actor.send({ type: 'ADD', varianceID: oolongLine.VarianceID, quantity: 1 });
    await settled();
    expect(select.changeOutcome(actor.getSnapshot())).toEqual({ kind: 'failed', change: 'add', VarianceID: oolongLine.VarianceID, code: 'NetworkError' });
    expect(actor.getSnapshot().context.changeAnswer).toBeUndefined();
  });
});
