import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allNodes } from '../../../flows/model.ts';
import { formatPlan, stateLabel, testPlan } from '../../../flows/plan.ts';
import { flowCatalogue, loadFlow, type LoadedFlow } from './catalogue.ts';
import { activeIds, advance, offers, start, type Offer, type Step } from './simulation.ts';
import { Statechart } from './Statechart.tsx';
import { eventText, layoutStatechart, type StatechartLayout } from './statechart-layout.ts';
import './flow-tools.css';

/** Route `testing` (DESIGN §5): every machine drawn as a statechart, run with fixture actors, exported. */
export function AtlasScreen() {
  const { t } = useLingui();
  const flows = flowCatalogue();
  const { machine } = useSearch({ strict: false }) as { machine?: string };
  const navigate = useNavigate();
  const selected = flows.some((f) => f.flow === machine) ? machine : undefined;
  return (
    <section className="page flow-tools">
      <h1>
        <Trans>Flow atlas</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Every machine in machines/, drawn from its definition. Pick one, then press the events its current state accepts to run it
          with fixture actors: nothing is sent to the server.
        </Trans>
      </p>
      <nav className="flow-list" aria-label={t`Machines`}>
        {flows.map((f) => (
          <button
            key={f.flow}
            type="button"
            className="chip-button"
            aria-pressed={f.flow === selected}
            onClick={() => void navigate({ to: '/testing', search: { machine: f.flow } })}
          >
            {f.flow}
          </button>
        ))}
      </nav>
      {selected ? (
        <FlowView key={selected} flow={selected} />
      ) : (
        <p>
          <Trans>Choose a machine to see its statechart.</Trans>
        </p>
      )}
    </section>
  );
}

type Loading<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function useLoaded<T>(load: () => Promise<T>, deps: unknown[]): Loading<T> {
  const [state, setState] = useState<Loading<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (error: unknown) => live && setState({ status: 'failed', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, deps);
  return state;
}

function FlowView({ flow }: { flow: string }) {
  const loaded = useLoaded(() => loadFlow(flow), [flow]);
  if (loaded.status === 'loading') {
    return (
      <p role="status">
        <Trans>Loading the machine…</Trans>
      </p>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <p role="alert" className="form-error">
        <Trans>This machine could not be loaded: {loaded.message}</Trans>
      </p>
    );
  }
  return <LoadedFlowView flow={loaded.value} />;
}

function safeJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'object' && v !== null) {
          if ('sessionId' in v && 'send' in v) return `[actor ${String((v as unknown as { id: unknown }).id)}]`;
          if (seen.has(v)) return '[cycle]';
          seen.add(v);
        }
        return typeof v === 'function' ? undefined : v;
      },
      2,
    ) ?? 'undefined'
  );
}

const dataUrl = (type: string, text: string) => `data:${type};charset=utf-8,${encodeURIComponent(text)}`;

function LoadedFlowView({ flow }: { flow: LoadedFlow }) {
  const { t } = useLingui();
  const { machine, model } = flow;
  const [inputIndex, setInputIndex] = useState(0);
  const input = model.inputs[inputIndex];
  const first = useMemo((): Step | Error => {
    try {
      return start(model, input);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }, [model, input]);
  const [history, setHistory] = useState<Step[]>(() => (first instanceof Error ? [] : [first]));
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    setHistory(first instanceof Error ? [] : [first]);
    setFailure(undefined);
  }, [first]);
  const layout = useLoaded(() => layoutStatechart(machine), [machine]);
  const svgRef = useRef<SVGSVGElement>(null);
  const current = history.at(-1);
  const available = useMemo(() => (current ? offers(model, current.snapshot) : []), [model, current]);
  const active = useMemo(() => (current ? activeIds(current.snapshot) : new Set<string>()), [current]);
  const definition = useMemo(() => safeJson(machine.definition), [machine]);

  const take = (offer: Offer) => {
    if (!current) return;
    try {
      const next = advance(model, current.snapshot, offer);
      setHistory((h) => [...h, next]);
      setFailure(undefined);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };
  const rewindTo = (index: number) => setHistory((h) => h.slice(0, index + 1));
  const kindText: Record<Offer['kind'], string> = {
    user: t({ message: `Events`, context: `statechart` }),
    done: t`Actors answer`,
    error: t`Actors fail`,
    delay: t`Delays (fast-forward)`,
  };
  const groups = (['user', 'done', 'error', 'delay'] as const).map((kind) => ({ kind, list: available.filter((o) => o.kind === kind) }));

  return (
    <article className="flow-view" aria-labelledby="flow-title">
      <h2 id="flow-title">{machine.id}</h2>
      {machine.root.description && <p>{machine.root.description}</p>}
      <p className="small muted">
        <Trans>Source:</Trans> <code>{flow.source}</code>
        {' · '}
        {flow.fixtures ? (
          <>
            <Trans>Fixtures:</Trans> <code>{flow.fixtures}</code>
          </>
        ) : (
          <Trans>No fixtures file: generic fixtures</Trans>
        )}
        {flow.fixtures && flow.generic.length > 0 && (
          <>
            {' · '}
            <Trans>Generic for: {flow.generic.join(', ')}</Trans>
          </>
        )}
      </p>

      <div className="flow-workbench">
        <section className="flow-sim" aria-label={t`Simulation`}>
          {model.inputs.length > 1 && (
            <label className="select-label">
              <Trans>Input</Trans>{' '}
              <select value={inputIndex} onChange={(e) => setInputIndex(Number(e.target.value))}>
                {model.inputs.map((inp, i) => (
                  <option key={i} value={i}>
                    {model.describeInput?.(inp as never) ?? JSON.stringify(inp)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {first instanceof Error ? (
            <p role="alert" className="form-error">
              <Trans>The machine cannot start with this input: {first.message}</Trans>
            </p>
          ) : (
            current && (
              <>
                <p className="flow-current">
                  <Trans>Current state:</Trans> <strong data-testid="current-state">{stateLabel(current.snapshot)}</strong>
                  {current.snapshot.status === 'done' && (
                    <>
                      {' '}
                      <span className="badge">
                        <Trans>finished</Trans>
                      </span>
                    </>
                  )}
                </p>
                {available.length === 0 && (
                  <p className="muted">
                    <Trans>Nothing can happen in this state.</Trans>
                  </p>
                )}
                {groups
                  .filter((g) => g.list.length > 0)
                  .map((g) => (
                    <div key={g.kind} className={`flow-offers flow-offers-${g.kind}`} role="group" aria-label={kindText[g.kind]}>
                      <span className="small muted">{kindText[g.kind]}</span>
                      {g.list.map((offer, i) => (
                        <button
                          key={`${offer.event.type}-${i}`}
                          type="button"
                          className="button"
                          title={safeJson(offer.event)}
                          onClick={() => take(offer)}
                        >
                          {offer.label}
                        </button>
                      ))}
                    </div>
                  ))}
                {failure && (
                  <p role="alert" className="form-error">
                    {failure}
                  </p>
                )}
                <div className="flow-history">
                  <h3>
                    <Trans>Steps</Trans>
                  </h3>
                  <ol>
                    {history.map((entry, i) => {
                      const step = i + 1;
                      return (
                        <li key={i} aria-current={step === history.length ? 'step' : undefined}>
                          <span>
                            {entry.label} → <code>{stateLabel(entry.snapshot)}</code>
                          </span>
                          {step < history.length && (
                            <button type="button" className="link-button" onClick={() => rewindTo(i)}>
                              <Trans>Rewind to step {step}</Trans>
                            </button>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                </div>
                <details>
                  <summary>
                    <Trans>Context</Trans>
                  </summary>
                  <pre className="flow-pre">{safeJson(current.snapshot.context)}</pre>
                </details>
              </>
            )
          )}
        </section>

        <section className="flow-chart" aria-label={t`Statechart`}>
          {layout.status === 'loading' && (
            <p role="status">
              <Trans>Laying out the statechart…</Trans>
            </p>
          )}
          {layout.status === 'failed' && (
            <p role="alert" className="form-error">
              <Trans>The statechart could not be laid out: {layout.message}</Trans>
            </p>
          )}
          {layout.status === 'ready' && <ChartFrame layout={layout.value} active={active} title={t`Statechart of ${machine.id}`} svgRef={svgRef} />}
        </section>
      </div>

      <Exports flow={flow} definition={definition} svgRef={svgRef} />
      <StateList machine={machine} />
    </article>
  );
}

function ChartFrame(props: { layout: StatechartLayout; active: ReadonlySet<string>; title: string; svgRef: RefObject<SVGSVGElement | null> }) {
  const [fit, setFit] = useState(false);
  return (
    <>
      <label className="small">
        <input type="checkbox" checked={fit} onChange={(e) => setFit(e.target.checked)} /> <Trans>Fit to width</Trans>
      </label>
      <div className={`statechart-frame${fit ? ' fit' : ''}`}>
        <Statechart ref={props.svgRef} layout={props.layout} active={props.active} title={props.title} />
      </div>
      <p className="small muted">
        <Trans>
          Green: the active states. ⟲ a transition that stays in its state; * a transition with a description (listed below); ∥ parallel
          regions side by side.
        </Trans>
      </p>
    </>
  );
}

function Exports({ flow, definition, svgRef }: { flow: LoadedFlow; definition: string; svgRef: RefObject<SVGSVGElement | null> }) {
  const [plan, setPlan] = useState<Loading<string> | undefined>();
  const makePlan = () => {
    setPlan({ status: 'loading' });
    // After the "working" text has been painted: the plan of a large machine takes a moment.
    setTimeout(() => {
      try {
        const text = formatPlan(testPlan(flow.model), flow.machine, flow.source);
        setPlan({ status: 'ready', value: text });
      } catch (error) {
        setPlan({ status: 'failed', message: messageOf(error) });
      }
    }, 0);
  };
  const downloadSvg = (e: MouseEvent<HTMLAnchorElement>) => {
    const svg = svgRef.current;
    if (!svg) {
      e.preventDefault();
      return;
    }
    e.currentTarget.href = dataUrl('image/svg+xml', `<?xml version="1.0" encoding="UTF-8"?>\n${svg.outerHTML}`);
  };
  return (
    <section className="flow-exports" aria-labelledby="flow-exports-title">
      <h3 id="flow-exports-title">
        <Trans>Exports</Trans>
      </h3>
      <ul>
        <li>
          <Trans>Source file:</Trans> <code>{flow.source}</code>
        </li>
        <li>
          <a href={dataUrl('application/json', definition)} download={`${flow.flow}.json`}>
            <Trans>Definition (JSON)</Trans>
          </a>
        </li>
        <li>
          <a href="#svg" onClick={downloadSvg} download={`${flow.flow}.svg`}>
            <Trans>Statechart (SVG)</Trans>
          </a>
        </li>
        <li>
          <button type="button" className="link-button" onClick={makePlan} disabled={plan?.status === 'loading'}>
            <Trans>Test plan (npm run paths -- {flow.flow})</Trans>
          </button>
          {plan?.status === 'ready' && (
            <>
              {' '}
              <a href={dataUrl('text/plain', plan.value)} download={`${flow.flow}.paths.txt`}>
                <Trans>Download</Trans>
              </a>
            </>
          )}
        </li>
      </ul>
      {plan?.status === 'loading' && (
        <p role="status">
          <Trans>Working out the paths…</Trans>
        </p>
      )}
      {plan?.status === 'failed' && (
        <p role="alert" className="form-error">
          {plan.message}
        </p>
      )}
      {plan?.status === 'ready' && (
        <pre className="flow-pre" aria-label="paths">
          {plan.value}
        </pre>
      )}
      <details>
        <summary>
          <Trans>Definition (JSON)</Trans>
        </summary>
        <pre className="flow-pre">{definition}</pre>
      </details>
    </section>
  );
}

/** The states and their descriptions as text: what a product owner reads, at any screen width. */
function StateList({ machine }: { machine: AnyStateMachine }) {
  const nodes = allNodes(machine).filter((n) => n !== machine.root);
  const described = (n: AnyStateNode) =>
    [...n.transitions.values()].flat().concat(n.always ?? []).filter((tr) => tr.description);
  return (
    <details className="flow-states" open>
      <summary>
        <Trans>States and transitions</Trans>
      </summary>
      <dl>
        {nodes.map((n) => (
          <div key={n.id}>
            <dt>
              <code>{n.path.join('.')}</code>
              {n.type === 'final' && <Trans> (final)</Trans>}
              {n.type === 'parallel' && <Trans> (parallel)</Trans>}
            </dt>
            {n.description && <dd>{n.description}</dd>}
            {described(n).map((tr, i) => (
              <dd key={i} className="small">
                <code>{eventText(tr)}</code>: {tr.description}
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </details>
  );
}
