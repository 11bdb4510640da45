/**
 * Writing under a member's allowance (issue 26: 60 taste cards in 1.4 s, 60 comments, 30 posts from one
 * member). The attempt is taken before the work, so parallel requests cannot all slip through, and given
 * back when the work fails (an unknown product, a private post): only what was written counts.
 */
import type { Deps, Limits } from '../deps.ts';
import { takeAttempts } from './limits.ts';

export async function limitedWrite<T>(deps: Pick<Deps, 'limits'>, limiter: keyof Limits, userId: string, work: () => Promise<T>): Promise<T> {
  const refund = await takeAttempts(deps, [[limiter, userId]]);
  try {
    return await work();
  } catch (error) {
    await refund();
    throw error;
  }
}
