import { createStore, type Store } from './store.ts';

/**
 * Props of each popup; popups are not routes (spec §2). The error popup is the app's own; every
 * other popup is added by the feature that owns it, in its src/features/<area>/popups.ts:
 *
 *   declare module '../../app/popups.ts' { interface PopupProps { wallet: Record<string, never> } }
 *   export const popups = definePopups({ wallet: () => import('./WalletPopup.tsx').then((m) => m.WalletPopup) });
 *
 * The popup host (PopupHost.tsx) finds every feature's popups.ts by that name.
 */
export interface PopupProps {
  error: { code: string; reason: string };
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
