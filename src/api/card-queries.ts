import { queryOptions } from '@tanstack/react-query';
import { getPaymentMehtod } from '../../contract/index.ts';
import type { ApiClient } from './client.ts';

/** The member's saved cards: member data, keyed under 'member', so signing out clears it. */
export const CARDS_KEY = ['member', 'paymentMethods'];

/**
 * The member's saved cards (getPaymentMehtod), wherever a card is chosen (the wallet, a subscription's renewals, a
 * place at the door): one list, so a card added in the wallet (which sets it) shows everywhere at once.
 */
export const savedCardsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: CARDS_KEY,
    queryFn: ({ signal }) => api.call(getPaymentMehtod, {}, { signal }).then((r) => r.PaymentMethodList),
  });
