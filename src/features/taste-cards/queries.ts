import { queryOptions } from '@tanstack/react-query';
import {
  getAroma,
  getTasteNote,
  listTasteCardIcon,
  listUserProduct,
  newGetUserTasteCard,
  searchAroma,
  SearchAndFilterProduct,
  searchTasteNote,
  type Currency,
  type DrinkKind,
} from '../../../contract/index.ts';
import type { ApiClient } from '../../api/client.ts';

/** The vocabulary changes with a release, not during a visit. */
const VOCABULARY_STALE_MS = 60 * 60_000;

export const tasteCardQueries = {
  /**
   * The whole note wheel: notes with their families and sub-families, ordered for the card's drink (its families
   * and notes first: an oolong's card does not open on agarwood), in wheel order for a product of no drink kind.
   */
  noteWheel: (api: ApiClient, drink: DrinkKind | undefined) =>
    queryOptions({
      queryKey: ['tasteNoteWheel', drink ?? 'any'],
      queryFn: ({ signal }) => api.call(getTasteNote, drink ? { ForDrink: drink } : {}, { signal }),
      staleTime: VOCABULARY_STALE_MS,
    }),
  aromaWheel: (api: ApiClient, drink: DrinkKind | undefined) =>
    queryOptions({
      queryKey: ['aromaWheel', drink ?? 'any'],
      queryFn: ({ signal }) => api.call(getAroma, drink ? { ForDrink: drink } : {}, { signal }),
      staleTime: VOCABULARY_STALE_MS,
    }),
  icons: (api: ApiClient) =>
    queryOptions({ queryKey: ['tasteCardIcons'], queryFn: ({ signal }) => api.call(listTasteCardIcon, {}, { signal }), staleTime: VOCABULARY_STALE_MS }),
  noteSearch: (api: ApiClient, keyword: string, drink: DrinkKind | undefined) =>
    queryOptions({
      queryKey: ['searchTasteNote', keyword, drink ?? 'any'],
      queryFn: ({ signal }) => api.call(searchTasteNote, { Keyword: keyword, Size: 50, ...(drink ? { ForDrink: drink } : {}) }, { signal }),
      enabled: keyword.trim() !== '',
      staleTime: VOCABULARY_STALE_MS,
    }),
  aromaSearch: (api: ApiClient, keyword: string, drink: DrinkKind | undefined) =>
    queryOptions({
      queryKey: ['searchAroma', keyword, drink ?? 'any'],
      queryFn: ({ signal }) => api.call(searchAroma, { Keyword: keyword, ...(drink ? { ForDrink: drink } : {}) }, { signal }),
      enabled: keyword.trim() !== '',
      staleTime: VOCABULARY_STALE_MS,
    }),
  /** The member's drinks: bought, added by NFC, carded. */
  userProducts: (api: ApiClient, currency: Currency) =>
    queryOptions({ queryKey: ['listUserProduct', currency], queryFn: ({ signal }) => api.call(listUserProduct, { Currency: currency }, { signal }) }),
  productSearch: (api: ApiClient, currency: Currency, keyword: string) =>
    queryOptions({
      queryKey: ['tasteCardProductSearch', currency, keyword],
      queryFn: ({ signal }) => api.call(SearchAndFilterProduct, { Currency: currency, Keyword: keyword, Size: 20 }, { signal }),
      enabled: keyword.trim() !== '',
    }),
  userCard: (api: ApiClient, cardID: string) =>
    queryOptions({ queryKey: ['newGetUserTasteCard', cardID], queryFn: ({ signal }) => api.call(newGetUserTasteCard, { CardID: cardID }, { signal }) }),
};
