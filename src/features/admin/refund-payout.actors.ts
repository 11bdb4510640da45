/** The refund payout's machine with its real actor, named after the call it makes (DESIGN §5). */
import { fromPromise } from 'xstate';
import { payRefund } from '../../../contract/index.ts';
import { refundPayoutMachine } from '../../../machines/refund-payout/refund-payout.machine.ts';
import type { PayRefundOutput } from '../../../machines/refund-payout/refund-payout.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { AppServices } from '../../app/services.ts';
import { ADMIN_KEY } from './queries.ts';

/** The refunds list is read afresh once a refund is paid (or found paid). */
export function createRefundPayoutFlow({ api, queryClient }: AppServices) {
  return refundPayoutMachine.provide({
    actors: {
      payRefund: fromPromise(async ({ input }) => {
        const result = await asCallResult(api.call(payRefund, input).then((r): PayRefundOutput => r));
        if (result.ok) await queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'refunds'] });
        return result;
      }),
    },
  });
}
