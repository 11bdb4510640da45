import { membersOnly } from '../../app/members-only.tsx';
import { preloadable } from '../../app/preloadable.tsx';

/**
 * The member home's skeleton, in a chunk of its own: a visitor's home never shows it, so their first load
 * leaves it out (issue 30, /home's budget). The home route's loader preloads it for a member, beside the
 * first screen's answers, so it is in before the home renders and holds the member home's place at once.
 */
export const MemberHomeSkeletonPart = preloadable(() => import('./MemberHomeSkeleton.tsx').then((m) => m.MemberHomeSkeleton));

/**
 * The member's greeting and guide, above the landing (HomeScreen); a visitor's first load leaves it out. The home
 * route's loader preloads it for a member with the skeleton, so its chunk does not wait for the home to render.
 */
export const MemberHomePart = membersOnly(() => import('./MemberHome.tsx').then((m) => ({ default: m.MemberHome })), <MemberHomeSkeletonPart />);
