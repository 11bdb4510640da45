import { useMutation, type QueryClient } from '@tanstack/react-query';
import { cancelOrder, cancelProductOrder } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';

/** The member's lists an unpaid order shows in, read again once it is cancelled. */
function readListsAgain(queryClient: QueryClient) {
  for (const list of ['unpaidOrders', 'productOrders', 'eventRecords', 'eventOrders', 'subscriptionRecords'])
    void queryClient.invalidateQueries({ queryKey: ['member', list] });
}

/** Cancels an unpaid order (stock released, an FPS QR voided); the lists and the order are read again. */
export function useCancelOrder() {
  const { api, queryClient } = useServices();
  return useMutation({
    mutationFn: (orderID: string) => api.call(cancelProductOrder, { orderID }).then((r) => r.Order),
    onSuccess: (order) => {
      queryClient.setQueryData(['member', 'productOrder', order.OrderID], order);
      readListsAgain(queryClient);
    },
    meta: { handlesErrors: true },
  });
}

/** Cancels an unpaid order of any kind (cancelOrder): its stock or seats given back, an FPS QR voided. */
export function useCancelUnpaidOrder() {
  const { api, queryClient } = useServices();
  return useMutation({
    mutationFn: (orderID: string) => api.call(cancelOrder, { orderID }),
    onSuccess: () => readListsAgain(queryClient),
    meta: { handlesErrors: true },
  });
}
