import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newUpdateTasteCard, type TasteCard, type TasteCardStatus } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';

/**
 * Archive (Private) or unarchive (Published) one of the member's cards (spec §4). Afterwards every list
 * and profile that may show it reads again: the member's lists, the product's cards and profile.
 */
export function useCardStatus() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, Status }: { card: TasteCard; Status: TasteCardStatus }) =>
      api.call(newUpdateTasteCard, { CardID: card.CardID, Status }).then((r) => r.Card),
    meta: { handlesErrors: true },
    onSuccess: (card) => {
      queryClient.setQueryData(['member', 'tasteCard', card.CardID], card);
      void queryClient.invalidateQueries({ queryKey: ['member', 'tasteCards'] });
      void queryClient.invalidateQueries({ queryKey: ['tasteCards', 'product', card.ProductID] });
      void queryClient.invalidateQueries({ queryKey: ['tasteProfile', card.ProductID] });
      void queryClient.invalidateQueries({ queryKey: ['tasteCard', card.CardID] });
      void queryClient.invalidateQueries({ queryKey: ['member', 'tasteMatch'] });
    },
  });
}
