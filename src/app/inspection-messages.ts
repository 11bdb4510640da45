/** What travels on the inspection BroadcastChannel between the app's pages and /testing2. */

/** The readable part of an actor's snapshot, masked. */
export interface SnapshotView {
  status: string;
  value?: unknown;
  context?: unknown;
  output?: unknown;
  error?: unknown;
}

export interface ActorInfo {
  /** The actor's session id: unique within its page. */
  id: string;
  /** Its machine id for a root actor; `parent › child id` for the actors it invokes or spawns. */
  name: string;
  parent?: string;
}

export type InspectionMessage =
  /** A tools page opened: every app page answers with its actors and starts publishing. */
  | { kind: 'hello' }
  /** An actor and, when known, its current snapshot. */
  | { kind: 'actor'; tab: string; time: number; actor: ActorInfo; snapshot?: SnapshotView }
  /** An event an actor processed, and its snapshot before and after. */
  | {
      kind: 'event';
      tab: string;
      seq: number;
      time: number;
      actor: ActorInfo;
      /** Who sent it: another actor's name, or absent for the app itself. */
      source?: string;
      eventType: string;
      event: unknown;
      before?: SnapshotView;
      after: SnapshotView;
    };
