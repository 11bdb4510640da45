import { useSelector } from '@xstate/react';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { VISITOR, type Viewer } from './queries.ts';

/** Who is reading: the member's id (their reads say IsLiked, IsOwner …) or 'visitor'. */
export function useViewer(): { viewer: Viewer; loggedIn: boolean; userID: string | undefined } {
  const { session } = useServices();
  const loggedIn = useSelector(session, sessionState.isLoggedIn);
  const userID = useSelector(session, (s) => sessionState.user(s)?.userID);
  return { viewer: loggedIn ? (userID ?? 'member') : VISITOR, loggedIn, userID };
}
