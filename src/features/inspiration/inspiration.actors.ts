/**
 * The inspiration flows with their real actors, named after the calls they make (DESIGN §5: business
 * failures resolve as CallResult values): the editor (get-user-inspiration, upload-temporary-media with
 * Purpose inspiration then the PUT, create-inspiration, update-inspiration) and the optimistic toggle for
 * like-inspiration, save-inspiration, like-comment and follow-user. A new post's draft is kept on the device,
 * per member, sealed with the id cookie (src/app/device-draft.ts).
 */
import { fromPromise, type Actor } from 'xstate';
import {
  createInspiration,
  followUser,
  getUserInspiration,
  likeComment,
  likeInspiration,
  saveInspiration,
  updateInspiration,
} from '../../../contract/index.ts';
import { inspirationEditorMachine } from '../../../machines/inspiration-editor/inspiration-editor.machine.ts';
import type { InspirationDraft } from '../../../machines/inspiration-editor/inspiration-editor.types.ts';
import { optimisticToggleMachine } from '../../../machines/optimistic-toggle/optimistic-toggle.machine.ts';
import type { CallResult, SetToggleOutput } from '../../../machines/optimistic-toggle/optimistic-toggle.types.ts';
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

export type ToggleKind = 'likeInspiration' | 'saveInspiration' | 'likeComment' | 'followUser';

/** The toggle machine for one object, with the call its kind makes. */
export function createToggleFlow(api: ApiClient, kind: ToggleKind, id: string) {
  const setToggle = async ({ on }: { on: boolean }): Promise<CallResult<SetToggleOutput>> => {
    switch (kind) {
      case 'likeInspiration':
        return asCallResult(api.call(likeInspiration, { InspirationID: id, IsLike: on }).then((r) => ({ on: r.IsLike, count: r.LikeCount })));
      case 'saveInspiration':
        return asCallResult(api.call(saveInspiration, { InspirationID: id, IsSave: on }).then((r) => ({ on: r.IsSave, count: r.SaveCount })));
      case 'likeComment':
        return asCallResult(api.call(likeComment, { CommentID: id, IsLike: on }).then((r) => ({ on: r.IsLike, count: r.LikeCount })));
      case 'followUser': {
        // follow-user follows or unfollows (spec §4): asked for the state it already holds, it is sent once more.
        let answer = await asCallResult(api.call(followUser, { FolloweeID: id }));
        if (answer.ok && answer.data.IsFollowing !== on) answer = await asCallResult(api.call(followUser, { FolloweeID: id }));
        return answer.ok ? { ok: true, data: { on: answer.data.IsFollowing, count: answer.data.FollowerCount } } : answer;
      }
    }
  };
  return optimisticToggleMachine.provide({ actors: { setToggle: fromPromise(({ input }) => setToggle(input)) } });
}
