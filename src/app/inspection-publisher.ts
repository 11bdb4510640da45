/**
 * Loaded by src/app/inspection.ts once a tools page is (or was) open: turns XState inspection events
 * into masked messages on the BroadcastChannel that /testing2 listens to, in this tab and others.
 */
import type { ActorRefLike, InspectionEvent } from 'xstate';
import { INSPECTION_CHANNEL, type InspectionPublisher } from './inspection-channel.ts';
import type { ActorInfo, InspectionMessage, SnapshotView } from './inspection-messages.ts';
import { maskedCopy } from './masking.ts';

interface ActorLike {
  id: string;
  sessionId: string;
  _parent?: ActorLike;
  logic?: { id?: string };
}

export function actorName(ref: ActorRefLike): string {
  const actor = ref as unknown as ActorLike;
  if (!actor._parent) return actor.logic?.id ?? actor.id;
  return `${actorName(actor._parent as unknown as ActorRefLike)} › ${actor.id}`;
}

export function actorInfo(ref: ActorRefLike): ActorInfo {
  const parent = (ref as unknown as ActorLike)._parent;
  return { id: ref.sessionId, name: actorName(ref), ...(parent ? { parent: parent.sessionId } : {}) };
}

export function snapshotView(snapshot: unknown): SnapshotView {
  const s = (snapshot ?? {}) as Record<string, unknown>;
  const view: SnapshotView = { status: String(s.status ?? 'unknown') };
  for (const key of ['value', 'context', 'output', 'error'] as const) {
    if (s[key] !== undefined) view[key] = maskedCopy(s[key], key);
  }
  return view;
}

export function createPublisher(tab: string, channel: Pick<BroadcastChannel, 'postMessage'> = new BroadcastChannel(INSPECTION_CHANNEL)): InspectionPublisher {
  let seq = 0;
  const last = new WeakMap<ActorRefLike, SnapshotView>();
  const senders = new WeakMap<ActorRefLike, string>();
  const post = (message: InspectionMessage) => {
    try {
      channel.postMessage(message);
    } catch {
      // Something in it could not be cloned: the inspector misses one message, the app goes on.
    }
  };
  const snapshotOf = (ref: ActorRefLike): SnapshotView | undefined => {
    try {
      return snapshotView(ref.getSnapshot());
    } catch {
      return undefined;
    }
  };
  return {
    handle(event: InspectionEvent) {
      if (event.type === '@xstate.actor') {
        post({ kind: 'actor', tab, time: Date.now(), actor: actorInfo(event.actorRef) });
      } else if (event.type === '@xstate.event') {
        if (event.sourceRef && event.sourceRef !== event.actorRef) senders.set(event.actorRef, actorName(event.sourceRef));
        else senders.delete(event.actorRef);
      } else if (event.type === '@xstate.snapshot') {
        const after = snapshotView(event.snapshot);
        const before = last.get(event.actorRef);
        last.set(event.actorRef, after);
        const source = senders.get(event.actorRef);
        senders.delete(event.actorRef);
        post({
          kind: 'event',
          tab,
          seq: ++seq,
          time: Date.now(),
          actor: actorInfo(event.actorRef),
          ...(source ? { source } : {}),
          eventType: event.event.type,
          event: maskedCopy(event.event),
          ...(before ? { before } : {}),
          after,
        });
      }
    },
    announce(actors: Iterable<ActorRefLike>) {
      for (const ref of actors) {
        const snapshot = snapshotOf(ref);
        if (snapshot) last.set(ref, snapshot);
        post({ kind: 'actor', tab, time: Date.now(), actor: actorInfo(ref), ...(snapshot ? { snapshot } : {}) });
      }
    },
  };
}
