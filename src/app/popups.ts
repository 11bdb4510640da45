import { createContext } from 'react';
import type { ErrorCode } from '../../contract/index.ts';
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
  error: { code: ErrorCode; reason: string };
}
export type PopupName = keyof PopupProps;

export interface OpenPopup<N extends PopupName = PopupName> {
  key: number;
  name: N;
  props: PopupProps[N];
  /** What had the focus when the popup opened (a button, a control of the popup below): it gets it back on close. */
  opener?: HTMLElement;
  /** The address's search parameter that opened it (`login` of ?login=true): closing the popup removes it. */
  urlParam?: string;
}

// Props that are all optional may be left out.
type PropsArgs<N extends PopupName> = PopupProps[N] extends Record<string, never> ? [] : object extends PopupProps[N] ? [] | [PopupProps[N]] : [PopupProps[N]];

export interface Popups extends Store<OpenPopup[]> {
  open<N extends PopupName>(name: N, ...props: PropsArgs<N>): void;
  /** Opens a popup the address asks for (?login=true); when the visitor closes it, `param` leaves the address. */
  openFromUrl<N extends PopupName>(param: string, name: N, ...props: PropsArgs<N>): void;
  /** Closes one popup (the visitor's close, Escape, a popup's own Done): the one below it shows again. */
  close(key: number): void;
  /** Closes them all (navigation, sign-in); no address is touched. */
  closeAll(): void;
  /** Told the search parameter of each popup opened from the address that the visitor closed. */
  onUrlPopupClosed(listener: (param: string) => void): () => void;
}

/** The element that has the focus, if any (none in tests without a document). */
function focusedElement(): HTMLElement | undefined {
  if (typeof document === 'undefined') return undefined;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

/**
 * A stack: the newest popup is on top and is the only one shown; the ones below keep their state and
 * show again, in turn, as the ones above close. Every navigation closes them all.
 */
export function createPopups(): Popups {
  const store = createStore<OpenPopup[]>([]);
  const urlListeners = new Set<(param: string) => void>();
  let nextKey = 1;
  const push = (entry: Omit<OpenPopup, 'key' | 'opener'>) =>
    store.set((stack) => [...stack, { ...entry, key: nextKey++, opener: focusedElement() } as OpenPopup]);
  return {
    ...store,
    open(name, ...props) {
      push({ name, props: props[0] ?? {} } as OpenPopup);
    },
    openFromUrl(param, name, ...props) {
      if (store.get().some((entry) => entry.urlParam === param)) return;
      push({ name, props: props[0] ?? {}, urlParam: param } as OpenPopup);
    },
    close(key) {
      const closing = store.get().find((p) => p.key === key);
      store.set((stack) => stack.filter((p) => p.key !== key));
      if (closing?.urlParam) for (const listener of urlListeners) listener(closing.urlParam);
    },
    closeAll() {
      store.set((stack) => (stack.length ? [] : stack));
    },
    onUrlPopupClosed(listener) {
      urlListeners.add(listener);
      return () => urlListeners.delete(listener);
    },
  };
}

/** What a popup's frame (src/ui/Popup.tsx) needs to know of its place in the stack. */
export interface PopupPlace {
  /** Only the top popup shows; those below are hidden, inert and not announced until it closes. */
  top: boolean;
  /** Where the focus returns when the popup closes. */
  opener?: HTMLElement;
}

/** A popup rendered outside the stack (a screen's own) is on top, and returns the focus to where it was. */
export const PopupPlaceContext = createContext<PopupPlace>({ top: true });

const places = new WeakMap<OpenPopup, { top?: PopupPlace; below?: PopupPlace }>();

/** An entry's place, the same object from render to render (a context value that changes only when its place does). */
export function placeOf(entry: OpenPopup, top: boolean): PopupPlace {
  const cached = places.get(entry) ?? {};
  places.set(entry, cached);
  const key = top ? 'top' : 'below';
  return (cached[key] ??= { top, opener: entry.opener });
}
