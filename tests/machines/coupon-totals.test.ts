import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import { couponTotalsMachine } from '../../machines/coupon-totals/coupon-totals.machine.ts';
import { CouponRefusal } from '../../contract/bag.ts';
import { COUPON_REFUSAL_REASONS, couponFailData, withCouponRecovery } from '../../machines/coupon-totals/coupon-totals.provide.ts';
import * as select from '../../machines/coupon-totals/coupon-totals.selectors.ts';
import type {
  CalculateTotalsInput,
  CallResult,
  CouponFailData,
  CouponTotalsInput,
  CouponTotalsOutput,
} from '../../machines/coupon-totals/coupon-totals.types.ts';
import { couponTotalsModel } from './coupon-totals.model.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';

type Totals = { Total: number };
const paths = modelPaths(couponTotalsModel);

describe('couponTotals: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(couponTotalsMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(couponTotalsModel, p);
    const [first, second] = calls;
    // The request always travels untouched; a coupon only on the first call, and only when one was given.
    for (const call of calls) expect(call.input).toMatchObject({ request: { Currency: 'HKD' } });
    if (p.input.couponID?.trim()) expect(first?.input).toEqual({ couponID: 'WELCOME10', request: { Currency: 'HKD' } });
    else expect(first?.input).toEqual({ request: { Currency: 'HKD' } });
    if (second) expect(second.input).toEqual({ request: { Currency: 'HKD' } });
  });
});

/** Runs the flow with scripted answers; returns its output and what the totals call was asked. */
async function run(input: CouponTotalsInput, answers: Array<CallResult<Totals, CouponFailData> | Error>) {
  const asked: CalculateTotalsInput[] = [];
  const actor = createActor(
    couponTotalsMachine.provide({
      actors: {
        calculateTotals: fromPromise(async ({ input }) => {
          asked.push(input);
          const answer = answers.shift();
          if (!answer || answer instanceof Error) throw answer ?? new Error('no answer scripted');
          return answer;
        }),
      },
    }),
    { input },
  ).start();
  const done = await waitFor(actor, (s) => s.status === 'done');
  return { output: done.output, asked, snapshot: done };
}

const request = { Currency: 'HKD' };

describe('couponTotals: behaviour', () => {
  it('a valid coupon: one call with it, the totals and the coupon come back', async () => {
    const { output, asked } = await run({ couponID: 'WELCOME10', request }, [{ ok: true, data: { Total: 900 } }]);
    expect(asked).toEqual([{ couponID: 'WELCOME10', request }]);
    expect(output).toEqual({ ok: true, data: { totals: { Total: 900 }, couponID: 'WELCOME10', couponError: undefined } });
  });

  it('70600: the coupon is dropped, the refusal kept, and the totals asked for again without it', async () => {
    const { output, asked, snapshot } = await run({ couponID: 'EXPIRED2025', request }, [
      { ok: false, code: '70600', message: 'This coupon has expired', data: { reason: 'Expired' } },
      { ok: true, data: { Total: 1000 } },
    ]);
    expect(asked).toEqual([{ couponID: 'EXPIRED2025', request }, { request }]);
    const refusal = { couponID: 'EXPIRED2025', code: '70600', reason: 'Expired', message: 'This coupon has expired' };
    expect(output).toEqual({ ok: true, data: { totals: { Total: 1000 }, couponID: undefined, couponError: refusal } });
    expect(select.couponError(snapshot)).toEqual(refusal);
    expect(select.result(snapshot)).toEqual(output);
  });

  it('a refusal survives a failure of the second call, so the caller still drops the coupon', async () => {
    const { output } = await run({ couponID: 'EXPIRED2025', request }, [
      { ok: false, code: '70600', message: 'Expired', data: { reason: 'Expired' } },
      new Error('network down'),
    ]);
    expect(output).toEqual({
      ok: false,
      code: 'NetworkError',
      message: undefined,
      data: { couponError: { couponID: 'EXPIRED2025', code: '70600', reason: 'Expired', message: 'Expired' } },
    });
  });

  it('other refusals are not coupon refusals: no second call', async () => {
    const { output, asked } = await run({ couponID: 'WELCOME10', request }, [{ ok: false, code: 'InvalidParameter', message: 'Currency' }]);
    expect(asked).toHaveLength(1);
    expect(output).toEqual({ ok: false, code: 'InvalidParameter', message: 'Currency', data: { couponError: undefined } });
  });

  it('without a coupon (or a blank one): one plain call', async () => {
    for (const couponID of [undefined, ' ']) {
      const { asked, output } = await run({ couponID, request }, [{ ok: true, data: { Total: 1000 } }]);
      expect(asked).toEqual([{ request }]);
      expect(output).toEqual({ ok: true, data: { totals: { Total: 1000 }, couponID: undefined, couponError: undefined } });
    }
  });

  it('while asking again, the selector says the coupon is being dropped', async () => {
    let release!: (r: CallResult<Totals, CouponFailData>) => void;
    const answers: Array<Promise<CallResult<unknown, CouponFailData>>> = [
      Promise.resolve({ ok: false, code: '70600', data: { reason: 'MinSpend' } }),
      new Promise((resolve) => (release = resolve)),
    ];
    const actor = createActor(
      couponTotalsMachine.provide({
        actors: { calculateTotals: fromPromise<CallResult<unknown, CouponFailData>, CalculateTotalsInput>(() => answers.shift()!) },
      }),
      { input: { couponID: 'TEA50', request } },
    ).start();
    await waitFor(actor, select.isRetryingWithoutCoupon);
    release({ ok: true, data: { Total: 1 } });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('withCouponRecovery makes it an actor a parent machine invokes like a call', async () => {
    const asked: CalculateTotalsInput<{ Currency: string }>[] = [];
    const totalsActor = withCouponRecovery<Totals, { Currency: string }>(async (input) => {
      asked.push(input);
      return input.couponID ? { ok: false, code: '70600', message: 'Not found', data: { reason: 'NotFound' } } : { ok: true, data: { Total: 5 } };
    });
    const parent = setup({
      types: { context: {} as { output?: CouponTotalsOutput<Totals> } },
      actors: { totals: totalsActor },
    }).createMachine({
      context: {},
      initial: 'asking',
      states: {
        asking: {
          invoke: {
            id: 'totals',
            src: 'totals',
            input: { couponID: 'NOPE', request: { Currency: 'USD' } },
            onDone: { target: 'done', actions: ({ context, event }) => void (context.output = event.output) },
          },
        },
        done: { type: 'final' },
      },
    });
    const actor = createActor(parent).start();
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(asked).toEqual([{ couponID: 'NOPE', request: { Currency: 'USD' } }, { request: { Currency: 'USD' } }]);
    expect(done.context.output).toEqual({
      ok: true,
      data: { totals: { Total: 5 }, couponID: undefined, couponError: { couponID: 'NOPE', code: '70600', reason: 'NotFound', message: 'Not found' } },
    });
  });
});

describe('couponFailData', () => {
  it('knows every refusal reason of the contract', () => {
    expect(Object.keys(COUPON_REFUSAL_REASONS).sort()).toEqual([...CouponRefusal.options].sort());
  });

  it('picks the reason of a 70600 answer, and nothing else', () => {
    expect(couponFailData({ reason: 'MinSpend', field: 'CouponID' })).toEqual({ reason: 'MinSpend' });
    expect(couponFailData({ reason: 'Whatever' })).toBeUndefined();
    expect(couponFailData({ reason: 'toString' })).toBeUndefined();
    expect(couponFailData({})).toBeUndefined();
  });
});
