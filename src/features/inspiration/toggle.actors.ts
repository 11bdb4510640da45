/**
 * The optimistic toggle's flow with its real actor (DESIGN §5: business failures resolve as CallResult
 * values), one call per kind: like-inspiration, save-inspiration, like-comment and follow-user. Apart from
 * the editor's flow (inspiration.actors.ts), so that the post and member pages load no editor.
 */
import { fromPromise } from 'xstate';
import { followUser, likeComment, likeInspiration, saveInspiration } from '../../../contract/index.ts';
import { optimisticToggleMachine } from '../../../machines/optimistic-toggle/optimistic-toggle.machine.ts';
import type { CallResult, SetToggleOutput } from '../../../machines/optimistic-toggle/optimistic-toggle.types.ts';
import { asCallResult } from '../../api/call-result.ts';
import type { ApiClient } from '../../api/client.ts';

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
