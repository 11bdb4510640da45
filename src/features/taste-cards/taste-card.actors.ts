/**
 * The taste card machine with its real actors, named after the calls they make (DESIGN §5: they
 * resolve to CallResult values), and its draft kept on the device, sealed with the id cookie
 * (spec §9, src/app/encrypted-storage.ts). Loaded with the taste card pages only.
 */
import { fromPromise } from 'xstate';
import type { QueryClient } from '@tanstack/react-query';
import { newCreateTasteCard } from '../../../contract/index.ts';
import { tasteCardMachine } from '../../../machines/taste-card/taste-card.machine.ts';
import { tasteCardStepsMachine } from '../../../machines/taste-card-steps/taste-card-steps.machine.ts';
import type { TasteCardDraft } from '../../../machines/taste-card/taste-card.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import { queries } from '../../api/queries.ts';
import type { EncryptedStorage } from '../../app/encrypted-storage.ts';
import { deviceDraftActors } from '../../app/device-draft.ts';
import { draftKey } from '../../app/taste-card-draft.ts';

/** A photo larger than this (as a data URL) is not kept in the draft: localStorage holds about 5 MB. */
export const DRAFT_PHOTO_LIMIT = 1_500_000;

/** One draft per member on a device (src/app/taste-card-draft.ts: a survey's answers can start one too). */
export { draftKey };

export interface TasteCardFlowDeps {
  api: ApiClient;
  /** The drink is read through it: a card begun on the drink's page finds it there (issue 30). */
  queryClient: QueryClient;
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
  // Kept as the inspiration editor keeps its draft (src/app/device-draft.ts): written a moment after the last
  // change, removed only once a write under way is done, so a late write cannot bring it back.
  const draft = deviceDraftActors<TasteCardDraft>(drafts && { storage: drafts.storage, key: draftKey(drafts.userID) }, { storable });
  return tasteCardMachine.provide({
    actors: {
      loadTasteCardDraft: draft.load,
      storeTasteCardDraft: draft.store,
      clearTasteCardDraft: draft.clear,
      // The five steps: a flow of their own, with no calls to make.
      tasteCardSteps: tasteCardStepsMachine,
      getProduct: fromPromise(({ input }) =>
        asCallResult(
          deps.queryClient.fetchQuery(queries.product(api, input.ProductID, input.Currency)).then((Product) => ({
            Product: { ProductID: Product.ProductID, Name: Product.Name, Image: Product.Image, ProductTypeID: Product.ProductTypeID },
          })),
        ),
      ),
      // The upload's code loads as the photo is sent: the flow's first screens (choosing the product) do without it.
      uploadTemporaryMedia: fromPromise(({ input }) =>
        asCallResult(
          import('../../api/upload-media.ts').then(({ uploadBase64Media }) =>
            uploadBase64Media({ api, base64: input.Base64, contentType: input.ContentType, idToken: deps.idToken, ...(deps.fetch ? { fetch: deps.fetch } : {}) }),
          ),
        ),
      ),
      newCreateTasteCard: fromPromise(({ input }) =>
        asCallResult(api.call(newCreateTasteCard, input).then(({ Card }) => ({ Card: { CardID: Card.CardID, ProductID: Card.ProductID, Title: Card.Title } }))),
      ),
    },
  });
}
