import { useMutation } from '@tanstack/react-query';
import { cancelProductOrder } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';

/** Cancels an unpaid order (stock released, an FPS QR voided); the lists and the order are read again. */
export function useCancelOrder() {
  const { api, queryClient } = useServices();
  return useMutation({
    mutationFn: (orderID: string) => api.call(cancelProductOrder, { orderID }).then((r) => r.Order),
    onSuccess: (order) => {
      queryClient.setQueryData(['member', 'productOrder', order.OrderID], order);
      void queryClient.invalidateQueries({ queryKey: ['member', 'productOrders'] });
    },
    meta: { handlesErrors: true },
  });
}
