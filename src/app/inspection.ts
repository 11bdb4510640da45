import type { ActorRefLike, InspectionEvent } from 'xstate';

/**
 * The inspection bus for the app's actors: every flow starts through src/app/use-flow.ts (useFlow,
 * startFlow, createFlow), which attaches `inspection.inspect`.
 *
 * It is on every first load, so it stays small and does almost nothing until it is needed: it only
 * remembers the live actors. When a flow-tools page says hello on the BroadcastChannel (in this tab
 * or another), or one was open in this browser before, it loads the publisher (a chunk of
 * its own, app/inspection-publisher.ts), which masks tokens, card data and passwords and publishes every actor's
 * snapshots and events on the channel for /testing2. With the flow tools off (a production build not
 * configured for them) it does nothing at all.
 */

import { INSPECTION_CHANNEL, TOOLS_OPENED_KEY, type InspectionPublisher } from './inspection-channel.ts';

export { INSPECTION_CHANNEL, TOOLS_OPENED_KEY, type InspectionPublisher };

/** Dev and test builds always; a production build when the server says so (FLOW_TOOLS, a meta tag in index.html). */
export function flowToolsEnabled(): boolean {
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') return true;
  return typeof document !== 'undefined' && document.querySelector('meta[name="sg-flow-tools"]')?.getAttribute('content') === 'on';
}

export interface Inspection {
  /** Names this page's app among others publishing on the channel. */
  tab: string;
  inspect: (event: InspectionEvent) => void;
  /** Starts publishing, if the flow tools are on. */
  publish(): Promise<InspectionPublisher | undefined>;
}

export function createInspection(
  options: { enabled?: boolean; storage?: Pick<Storage, 'getItem'>; search?: string } = {},
): Inspection {
  const enabled = options.enabled ?? flowToolsEnabled();
  const tab = Math.random().toString(36).slice(2, 10);
  const live = new Set<ActorRefLike>();
  let buffered: InspectionEvent[] = [];
  let publisher: InspectionPublisher | undefined;
  let loading: Promise<InspectionPublisher | undefined> | undefined;
  const forward: Array<(event: InspectionEvent) => void> = [];

  const publish = () =>
    (loading ??= enabled
      ? import('./inspection-publisher.ts').then(({ createPublisher }) => {
          publisher = createPublisher(tab);
          for (const event of buffered) publisher.handle(event);
          buffered = [];
          return publisher;
        })
      : Promise.resolve(undefined));

  if (enabled && typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(INSPECTION_CHANNEL);
    // Node (tests) would otherwise keep running for the channel's sake.
    (channel as { unref?: () => void }).unref?.();
    channel.onmessage = (message: MessageEvent<{ kind?: string }>) => {
      if (message.data?.kind === 'hello') void publish().then((p) => p?.announce(live));
    };
    if (options.storage?.getItem(TOOLS_OPENED_KEY)) void publish();
  }
  // Stately's hosted inspector, for developers who are online; never in a production bundle.
  if (import.meta.env.DEV && (options.search ?? globalThis.location?.search ?? '').includes('inspect=stately')) {
    const early: InspectionEvent[] = [];
    forward.push((event) => early.push(event));
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const stately = createBrowserInspector();
      for (const event of early) stately.inspect.next?.(event);
      forward[0] = (event) => stately.inspect.next?.(event);
    });
  }

  return {
    tab,
    inspect(event) {
      if (!enabled) return;
      if (event.type === '@xstate.actor') live.add(event.actorRef);
      else if (event.type === '@xstate.snapshot' && (event.snapshot as { status?: string }).status !== 'active') live.delete(event.actorRef);
      for (const f of forward) f(event);
      if (publisher) publisher.handle(event);
      else if (loading && buffered.length < 1000) buffered.push(event);
    },
    publish,
  };
}
