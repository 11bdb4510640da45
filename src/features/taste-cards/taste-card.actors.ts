/**
 * The taste card machine with its real actors, named after the calls they make (DESIGN §5: they
 * resolve to CallResult values), and its draft kept on the device, sealed with the id cookie
 * (spec §9, src/app/encrypted-storage.ts). Loaded with the taste card pages only.
 */
import { fromCallback, fromPromise } from 'xstate';
import { getProduct, newCreateTasteCard } from '../../../contract/index.ts';
import { tasteCardMachine } from '../../../machines/taste-card/taste-card.machine.ts';
import type { DraftStoreMessage, LoadTasteCardDraftOutput, TasteCardDraft } from '../../../machines/taste-card/taste-card.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import { uploadBase64Media } from '../../api/upload-media.ts';
import type { EncryptedStorage } from '../../app/encrypted-storage.ts';
import { draftKey, writeTasteCardDraft } from '../../app/taste-card-draft.ts';

/** How long after the last change the draft is written (typing does not re-encrypt on every key). */
export const DRAFT_WRITE_DELAY_MS = 400;
/** A photo larger than this (as a data URL) is not kept in the draft: localStorage holds about 5 MB. */
export const DRAFT_PHOTO_LIMIT = 1_500_000;

/** One draft per member on a device (src/app/taste-card-draft.ts: a survey's answers can start one too). */
export { draftKey };

export interface TasteCardFlowDeps {
  api: ApiClient;
  /** The sealed store and the member whose draft it is; undefined when the device cannot keep one. */
  drafts: { storage: EncryptedStorage; userID: string } | undefined;
  idToken: () => string | undefined;
  fetch?: typeof fetch;
}

/** What is written: the answers, without a photo too large to keep. */
function storable(draft: TasteCardDraft): TasteCardDraft {
  const photo = draft.answers.photo;
  return photo && photo.dataUrl.length > DRAFT_PHOTO_LIMIT ? { ...draft, answers: { ...draft.answers, photo: undefined } } : draft;
}

export function createTasteCardFlow(deps: TasteCardFlowDeps) {
  const { api, drafts } = deps;
  // The last write under way: removing the draft waits for it, so a late write cannot bring it back.
  let lastWrite: Promise<void> = Promise.resolve();
  return tasteCardMachine.provide({
    actors: {
      loadTasteCardDraft: fromPromise(async (): Promise<LoadTasteCardDraftOutput> => {
        if (!drafts) return {};
        return { draft: await drafts.storage.read<TasteCardDraft>(draftKey(drafts.userID)) };
      }),
      storeTasteCardDraft: fromCallback<DraftStoreMessage>(({ receive }) => {
        if (!drafts) throw new Error('This device cannot keep a draft');
        let pending: TasteCardDraft | undefined;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const flush = () => {
          timer = undefined;
          if (!pending) return;
          const draft = storable(pending);
          pending = undefined;
          // A failed write (storage full) leaves the previous draft; the card can still be saved.
          lastWrite = lastWrite.then(() => writeTasteCardDraft(drafts.storage, drafts.userID, draft)).catch(() => undefined);
        };
        receive((message) => {
          pending = message.draft;
          if (timer) clearTimeout(timer);
          timer = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
        });
        // Leaving the steps (or the page) writes what is still waiting.
        return () => {
          if (timer) clearTimeout(timer);
          flush();
        };
      }),
      clearTasteCardDraft: fromPromise(async () => {
        if (!drafts) return;
        await lastWrite;
        drafts.storage.remove(draftKey(drafts.userID));
      }),
      getProduct: fromPromise(({ input }) =>
        asCallResult(
          api.call(getProduct, input).then(({ Product }) => ({
            Product: { ProductID: Product.ProductID, Name: Product.Name, Image: Product.Image, ProductTypeID: Product.ProductTypeID },
          })),
        ),
      ),
      uploadTemporaryMedia: fromPromise(({ input }) =>
        asCallResult(uploadBase64Media({ api, base64: input.Base64, contentType: input.ContentType, idToken: deps.idToken, ...(deps.fetch ? { fetch: deps.fetch } : {}) })),
      ),
      newCreateTasteCard: fromPromise(({ input }) =>
        asCallResult(api.call(newCreateTasteCard, input).then(({ Card }) => ({ Card: { CardID: Card.CardID, ProductID: Card.ProductID, Title: Card.Title } }))),
      ),
    },
  });
}
