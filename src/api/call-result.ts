import type { CallResult } from '../../machines/shared/call-result.ts';
import { ErrorCode } from '../../contract/index.ts';
import { ApiError } from './client.ts';

/**
 * Runs a call for a machine actor: business failures become values, the unexpected rejects (DESIGN §5).
 * `failData` picks what a flow needs from a failure's answer (e.g. the account a link needs).
 * Every `<flow>.actors.ts` wraps its calls with it.
 */
export function asCallResult<T>(promise: Promise<T>): Promise<CallResult<T>>;
export function asCallResult<T, F>(
  promise: Promise<T>,
  failData: (details: Record<string, unknown>) => F | undefined,
): Promise<CallResult<T, F>>;
export async function asCallResult<T, F>(
  promise: Promise<T>,
  failData?: (details: Record<string, unknown>) => F | undefined,
): Promise<CallResult<T, F>> {
  try {
    return { ok: true, data: await promise };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === ErrorCode.UnknownError || error.status >= 500) throw error;
    const session = typeof error.details.session === 'string' ? error.details.session : undefined;
    const data = failData?.(error.details);
    return {
      ok: false,
      code: error.code,
      message: error.serverMessage,
      ...(session ? { session } : {}),
      ...(data !== undefined ? { data } : {}),
    };
  }
}
