import type { useFlow } from '../../../app/use-flow.ts';
import type { createEventJoinFlow } from './event-join.actors.ts';

/** What the event checkout's steps share (the screen and the steps loaded after it). */
export type JoinActor = ReturnType<typeof useFlow<ReturnType<typeof createEventJoinFlow>>>;
export { ErrorNote, useErrorText, type HeadingRef } from '../checkout-parts.tsx';
