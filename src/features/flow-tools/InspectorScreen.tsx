import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useReducer, useState } from 'react';
import { INSPECTION_CHANNEL, TOOLS_OPENED_KEY } from '../../app/inspection.ts';
import { useServices } from '../../app/services.ts';
import type { ActorInfo, InspectionMessage, SnapshotView } from '../../app/inspection-messages.ts';
import { brief, diff } from './snapshot-diff.ts';
import './flow-tools.css';

interface ActorRow {
  key: string;
  tab: string;
  info: ActorInfo;
  snapshot?: SnapshotView;
  updated: number;
}

type EventMessage = Extract<InspectionMessage, { kind: 'event' }>;

interface LogEntry extends EventMessage {
  key: string;
}

interface State {
  actors: Map<string, ActorRow>;
  log: LogEntry[];
}

const LOG_LIMIT = 2000;

type Action = InspectionMessage | { kind: 'clear' };

function reduce(state: State, action: Action): State {
  if (action.kind === 'clear') return { actors: state.actors, log: [] };
  if (action.kind === 'hello') return state;
  const key = `${action.tab}/${action.actor.id}`;
  const actors = new Map(state.actors);
  const known = actors.get(key);
  if (action.kind === 'actor') {
    actors.set(key, { key, tab: action.tab, info: action.actor, snapshot: action.snapshot ?? known?.snapshot, updated: action.time });
    return { ...state, actors };
  }
  actors.set(key, { key, tab: action.tab, info: action.actor, snapshot: action.after, updated: action.time });
  const entry: LogEntry = { ...action, key: `${action.tab}/${action.seq}` };
  // A page may answer hello twice (two tools pages): keep one entry per event.
  if (state.log.some((e) => e.key === entry.key)) return { ...state, actors };
  return { actors, log: [entry, ...state.log].slice(0, LOG_LIMIT) };
}

function clock(time: number): string {
  const d = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

const valueText = (snapshot?: SnapshotView) =>
  snapshot?.value === undefined ? (snapshot?.status ?? '') : typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);

/** Route `testing2` (DESIGN §5): the app's actors live, from this page and every other page of the shop in this browser. */
export function InspectorScreen() {
  const { t } = useLingui();
  const services = useServices();
  const [state, dispatch] = useReducer(reduce, { actors: new Map(), log: [] });
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string>();

  useEffect(() => {
    // New pages of the shop publish from their start from now on; open ones answer the hello.
    services.storage.setItem(TOOLS_OPENED_KEY, '1');
    const channel = new BroadcastChannel(INSPECTION_CHANNEL);
    channel.onmessage = (message: MessageEvent<InspectionMessage>) => {
      if (message.data && typeof message.data === 'object' && 'kind' in message.data) dispatch(message.data);
    };
    channel.postMessage({ kind: 'hello' } satisfies InspectionMessage);
    return () => channel.close();
  }, [services]);

  const pageName = (tab: string) => (tab === services.inspection.tab ? t`this page` : t`page ${tab.slice(0, 4)}`);
  const actors = [...state.actors.values()].sort((a, b) => a.info.name.localeCompare(b.info.name) || a.tab.localeCompare(b.tab));
  const filterNames = new Map<string, string>();
  for (const a of actors) filterNames.set(`${a.tab}|${a.info.name}`, `${a.info.name} (${pageName(a.tab)})`);
  const filterOptions = [...filterNames].sort((a, b) => a[1].localeCompare(b[1]));
  const log = filter ? state.log.filter((e) => `${e.tab}|${e.actor.name}` === filter) : state.log;
  const chosen = selected ? state.actors.get(selected) : undefined;

  return (
    <section className="page flow-tools">
      <h1>
        <Trans>Live inspector</Trans>
      </h1>
      <p className="muted">
        <Trans>
          The actors of this page and of every other page of the shop open in this browser, as they run. Tokens, card data and passwords
          are masked.
        </Trans>
      </p>

      <section aria-labelledby="inspector-actors">
        <h2 id="inspector-actors">
          <Trans>Actors</Trans>
        </h2>
        {actors.length === 0 ? (
          <p className="muted">
            <Trans>No actors yet.</Trans>
          </p>
        ) : (
          <table className="inspector-table">
            <thead>
              <tr>
                <th>
                  <Trans>Actor</Trans>
                </th>
                <th>
                  <Trans>Page</Trans>
                </th>
                <th>
                  <Trans>State</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {actors.map((a) => (
                <tr key={a.key} data-actor={a.info.name} aria-selected={a.key === selected}>
                  <td>
                    <button type="button" className="link-button" onClick={() => setSelected(a.key === selected ? undefined : a.key)}>
                      {a.info.name}
                    </button>
                  </td>
                  <td>{pageName(a.tab)}</td>
                  <td>
                    <code>{valueText(a.snapshot)}</code>
                    {a.snapshot && a.snapshot.status !== 'active' && <span className="small muted"> ({a.snapshot.status})</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {chosen && (
          <div className="inspector-detail" aria-label={t`Snapshot of ${chosen.info.name}`} role="region">
            <h3>{chosen.info.name}</h3>
            <pre className="flow-pre">{JSON.stringify(chosen.snapshot ?? null, null, 2)}</pre>
          </div>
        )}
      </section>

      <section aria-labelledby="inspector-events">
        <h2 id="inspector-events">
          <Trans context="statechart">Events</Trans>
        </h2>
        <div className="toolbar">
          <label className="select-label">
            <Trans>Actor</Trans>{' '}
            <select value={filter} onChange={(e) => setFilter(e.target.value)}>
              <option value="">{t`All actors`}</option>
              {filterOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button" onClick={() => dispatch({ kind: 'clear' })}>
            <Trans>Clear</Trans>
          </button>
        </div>
        {log.length === 0 ? (
          <p className="muted">
            <Trans>No events yet. Use the shop in this page or another one.</Trans>
          </p>
        ) : (
          <ol className="inspector-log" aria-label={t`Event log`}>
            {log.map((e) => (
              <li key={e.key} data-actor={e.actor.name} data-event={e.eventType}>
                <details>
                  <summary>
                    <time>{clock(e.time)}</time> <strong>{e.actor.name}</strong> <code>{e.eventType}</code> → <code>{valueText(e.after)}</code>
                    {e.source && (
                      <span className="small muted">
                        {' '}
                        <Trans>from {e.source}</Trans>
                      </span>
                    )}
                  </summary>
                  <EventDetail entry={e} />
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

function EventDetail({ entry }: { entry: LogEntry }) {
  const changes = diff(entry.before ?? {}, entry.after);
  return (
    <div className="inspector-detail">
      <h4>
        <Trans>Changes</Trans>
      </h4>
      {changes.length === 0 ? (
        <p className="small muted">
          <Trans>Nothing changed.</Trans>
        </p>
      ) : (
        <ul className="inspector-diff">
          {changes.map((c) => (
            <li key={c.path} data-kind={c.kind}>
              <code>{c.path}</code>:{' '}
              {c.kind === 'added' ? (
                <ins>{brief(c.after)}</ins>
              ) : c.kind === 'removed' ? (
                <del>{brief(c.before)}</del>
              ) : (
                <>
                  <del>{brief(c.before)}</del> → <ins>{brief(c.after)}</ins>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <h4>
        <Trans>Event</Trans>
      </h4>
      <pre className="flow-pre">{JSON.stringify(entry.event, null, 2)}</pre>
    </div>
  );
}
