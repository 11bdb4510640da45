import type { CallCode } from './codes.ts';

/**
 * What every actor of every flow resolves with (DESIGN §5): expected business failures are
 * values, not rejections; `onError` is left for the unexpected. Each flow's types file re-exports
 * it, so a flow and its tests name it from one place; tests/machines/contract-compat.test.ts keeps
 * the codes and the coupon refusals in step with contract/. The code is the contract's union (plus the
 * flows' NetworkError), so a flow comparing a code the server never sends does not compile.
 */
export type CallResult<T, TFailData = never> =
  | { ok: true; data: T }
  | { ok: false; code: CallCode; message?: string; session?: string; data?: TFailData };
