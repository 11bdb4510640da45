import { queryOptions } from '@tanstack/react-query';
import { getPaymentMehtod } from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/**
 * The member's saved cards (getPaymentMehtod), to pay a place at the door with. The wallet's key: a card added
 * in the wallet popup (which sets this list) shows here at once. Member data: keyed under 'member', so signing
 * out clears it.
 */
export const savedCardsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['member', 'paymentMethods'],
    queryFn: ({ signal }) => api.call(getPaymentMehtod, {}, { signal }).then((r) => r.PaymentMethodList),
  });
