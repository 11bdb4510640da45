import type { SearchType } from '../../contract/index.ts';
import type { ResultFilters } from '../features/search/queries.ts';
import { createStore, type Store } from './store.ts';

/** Props of each popup; popups are not routes (spec §2). */
export interface PopupProps {
  language: Record<string, never>;
  currency: Record<string, never>;
  error: { code: string; reason: string };
  login: Record<string, never>;
  signUp: { email?: string };
  forgotPassword: { email?: string };
  account: Record<string, never>;
  notifications: Record<string, never>;
  wishlist: Record<string, never>;
  coupons: Record<string, never>;
  /** Opened on a results page, it starts from that page's keyword and kind of search. */
  search: { keyword?: string; searchType?: SearchType };
  filterSort: { searchType: SearchType; keyword: string; filters: ResultFilters };
  /** The member's product orders in four tabs (spec §3). */
  orders: Record<string, never>;
  /** The member's saved cards: list, add, delete. */
  wallet: Record<string, never>;
  /** Delivery addresses: pick the main one, add, edit (checkout reads the main one). */
  deliveryAddresses: Record<string, never>;
  billingAddress: Record<string, never>;
  /** The FPS QR of an unpaid order, with its countdown; paid shows the order confirmation. */
  fpsPayment: { orderID: string };
}
export type PopupName = keyof PopupProps;

export interface OpenPopup<N extends PopupName = PopupName> {
  key: number;
  name: N;
  props: PopupProps[N];
}

export interface Popups extends Store<OpenPopup[]> {
  open<N extends PopupName>(name: N, ...props: PopupProps[N] extends Record<string, never> ? [] : [PopupProps[N]]): void;
  close(key: number): void;
  closeAll(): void;
}

/** A stack: the newest popup is on top; every navigation closes them all. */
export function createPopups(): Popups {
  const store = createStore<OpenPopup[]>([]);
  let nextKey = 1;
  return {
    ...store,
    open(name, ...props) {
      const entry = { key: nextKey++, name, props: props[0] ?? {} } as OpenPopup;
      store.set((stack) => [...stack, entry]);
    },
    close(key) {
      store.set((stack) => stack.filter((p) => p.key !== key));
    },
    closeAll() {
      store.set((stack) => (stack.length ? [] : stack));
    },
  };
}
