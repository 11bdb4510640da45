import type { ActorRefLike, InspectionEvent } from 'xstate';

/** What the inspection bus (inspection.ts) and its lazily loaded publisher (inspection-publisher.ts) share. */

export const INSPECTION_CHANNEL = 'sg-flow-inspection';
/** Set in localStorage while a tools page is or was open in this browser, so new tabs publish from the start. */
export const TOOLS_OPENED_KEY = 'sg.flowTools';

export interface InspectionPublisher {
  handle(event: InspectionEvent): void;
  /** Publishes the current snapshot of each actor (for a tools page that just opened). */
  announce(actors: Iterable<ActorRefLike>): void;
}
