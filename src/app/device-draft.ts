/**
 * A flow's draft kept on this device, one per member, sealed with the id cookie (spec §9,
 * src/app/encrypted-storage.ts): the machine reads it through `load`, tells `store` (a callback actor it
 * invokes while the member writes) every change, and throws it away through `clear`. Writing waits a moment
 * after the last change, so typing does not re-encrypt on every key; clearing waits for a write under way,
 * so a late write cannot bring the draft back. The inspiration editor keeps its new post's draft this way,
 * and the taste card flow its card's (src/features/taste-cards/taste-card.actors.ts).
 */
import { fromCallback, fromPromise } from 'xstate';
import { cookieId } from './cookie-id.ts';
import { encryptedStorage, type EncryptedStorage, type KeyValueStorage } from './encrypted-storage.ts';

/** How long after the last change the draft is written. */
export const DRAFT_WRITE_DELAY_MS = 400;

/** Where one member's draft lives: the sealed store and the key. */
export interface DraftPlace {
  storage: EncryptedStorage;
  key: string;
}

/** What the machine tells the draft store. */
export type DraftSave<D> = { type: 'SAVE'; draft: D };

/** The device can seal a draft: Web Crypto (secure pages only) and a page with its cookie. */
export const canKeepDrafts = (): boolean => typeof crypto !== 'undefined' && crypto.subtle !== undefined && typeof document !== 'undefined';

/** The member's draft place for a purpose (encryptedStorage's), or undefined when this device cannot keep one. */
export function draftPlace(storage: KeyValueStorage, purpose: string, key: string): DraftPlace | undefined {
  return canKeepDrafts() ? { storage: encryptedStorage({ secret: cookieId(), purpose, storage }), key } : undefined;
}

/**
 * The three draft actors for a machine to be provided with. Without a place, `load` finds nothing, `store`
 * fails at once (the machine's onError: the flow goes on for this visit only) and `clear` has nothing to do.
 */
export function deviceDraftActors<D>(place: DraftPlace | undefined, options: { storable?: (draft: D) => D; delayMs?: number } = {}) {
  const delay = options.delayMs ?? DRAFT_WRITE_DELAY_MS;
  // The last write under way: clearing waits for it.
  let lastWrite: Promise<void> = Promise.resolve();
  return {
    load: fromPromise(async (): Promise<{ draft?: D | undefined }> => (place ? { draft: await place.storage.read<D>(place.key) } : {})),
    store: fromCallback<DraftSave<D>>(({ receive }) => {
      if (!place) throw new Error('This device cannot keep a draft');
      let pending: D | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const flush = () => {
        timer = undefined;
        if (pending === undefined) return;
        const draft = options.storable ? options.storable(pending) : pending;
        pending = undefined;
        // A failed write (storage full) leaves the previous draft; the flow goes on.
        lastWrite = lastWrite.then(() => place.storage.write(place.key, draft)).catch(() => undefined);
      };
      receive((message) => {
        pending = message.draft;
        if (timer) clearTimeout(timer);
        timer = setTimeout(flush, delay);
      });
      // Leaving the editing (or the page) writes what is still waiting.
      return () => {
        if (timer) clearTimeout(timer);
        flush();
      };
    }),
    clear: fromPromise(async () => {
      if (!place) return;
      await lastWrite;
      place.storage.remove(place.key);
    }),
  };
}
