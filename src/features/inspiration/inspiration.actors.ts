/**
 * The inspiration editor's flow with its real actors, named after the calls they make (DESIGN §5: business
 * failures resolve as CallResult values): get-user-inspiration, upload-temporary-media with Purpose
 * inspiration then the PUT, create-inspiration, update-inspiration. A new post's draft is kept on the device,
 * per member, sealed with the id cookie (src/app/device-draft.ts). The likes, saves and follows are
 * toggle.actors.ts: the post and member pages load those without the editor.
 */
import { fromPromise, type Actor } from 'xstate';
import { createInspiration, getUserInspiration, updateInspiration } from '../../../contract/index.ts';
import { inspirationEditorMachine } from '../../../machines/inspiration-editor/inspiration-editor.machine.ts';
import type { InspirationDraft } from '../../../machines/inspiration-editor/inspiration-editor.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';
import { uploadBase64Media } from '../../api/upload-media.ts';
import { deviceDraftActors, type DraftPlace } from '../../app/device-draft.ts';

/** What the draft's key is derived for (encryptedStorage's purpose). */
export const INSPIRATION_DRAFT_PURPOSE = 'inspiration-draft';
/** One new-post draft per member on a device. */
export const inspirationDraftKey = (userID: string) => `sg_inspiration_draft:${userID}`;

export interface EditorDeps {
  api: ApiClient;
  idToken: () => string | undefined;
  /** Where the member's new-post draft is kept; undefined when the device cannot keep one. */
  draft: DraftPlace | undefined;
  fetch?: typeof fetch;
}

const post = (p: { InspirationID: string; Status: 'Published' | 'Private' }) => ({ Inspiration: { InspirationID: p.InspirationID, Status: p.Status } });

export function createInspirationEditorFlow(deps: EditorDeps) {
  const { api } = deps;
  const draft = deviceDraftActors<InspirationDraft>(deps.draft);
  return inspirationEditorMachine.provide({
    actors: {
      loadInspirationDraft: draft.load,
      storeInspirationDraft: draft.store,
      clearInspirationDraft: draft.clear,
      getUserInspiration: fromPromise(({ input }) => asCallResult(api.call(getUserInspiration, input, { withSession: true }))),
      uploadInspirationMedia: fromPromise(({ input }) =>
        asCallResult(
          uploadBase64Media({
            api,
            base64: input.Base64,
            contentType: input.ContentType,
            purpose: 'inspiration',
            idToken: deps.idToken,
            ...(deps.fetch ? { fetch: deps.fetch } : {}),
          }),
        ),
      ),
      createInspiration: fromPromise(({ input }) => asCallResult(api.call(createInspiration, input).then((r) => post(r.Inspiration)))),
      updateInspiration: fromPromise(({ input }) => asCallResult(api.call(updateInspiration, input).then((r) => post(r.Inspiration)))),
    },
  });
}

export type EditorActor = Actor<ReturnType<typeof createInspirationEditorFlow>>;
