import { Component, Fragment, Suspense, type ReactNode } from 'react';
import { PartLoadFailed, type SlotParts } from './slot-parts.ts';

/** How many times a part's chunk is asked for before the page goes on without it. */
export const PART_LOAD_ATTEMPTS = 3;
/** The wait before the first retry, doubled before each later one: a busy server gets a moment. */
export const PART_RETRY_DELAY_MS = 500;

type QuietProps = { parts: SlotParts; name: string; fallback: ReactNode; children: ReactNode };
type QuietState = { failed: boolean; error?: unknown; attempt: number };

/**
 * A part that failed leaves the page as it was, and says nothing. A failed load is tried again a few times
 * after a short wait (its fallback holding the place meanwhile); an error in the part's rendering is not, as
 * it would fail the same way each time.
 */
class Quiet extends Component<QuietProps, QuietState> {
  override state: QuietState = { failed: false, attempt: 1 };
  private retry: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<QuietState> {
    return { failed: true, error };
  }

  private willRetry(error: unknown) {
    return error instanceof PartLoadFailed && this.state.attempt < PART_LOAD_ATTEMPTS;
  }

  override componentDidCatch(error: unknown) {
    // Caught: the failed load is dropped, for the retry or the next showing to load again.
    if (error instanceof PartLoadFailed) this.props.parts.forgetFailed(this.props.name);
    // The page goes on without the part, saying nothing; the console says why (and the e2e prints it on a failure).
    else console.error(`The slot part "${this.props.name}" failed while rendering and is hidden`, error);
    if (!this.willRetry(error)) return;
    const { attempt } = this.state;
    const delay = PART_RETRY_DELAY_MS * 2 ** (attempt - 1);
    this.retry = setTimeout(() => this.setState({ failed: false, error: undefined, attempt: attempt + 1 }), delay);
  }

  override componentWillUnmount() {
    clearTimeout(this.retry);
  }

  override render() {
    const { failed, error, attempt } = this.state;
    if (failed) return this.willRetry(error) ? this.props.fallback : null;
    // A new key mounts the part afresh, so it asks for its chunk again.
    return <Fragment key={attempt}>{this.props.children}</Fragment>;
  }
}

/** The part filling the slot `name`, with the page's props: `fallback` while it loads, nothing if it fails. */
export function QuietPart(props: { parts: SlotParts; name: string; fallback: ReactNode; partProps: object }) {
  return (
    <Quiet parts={props.parts} name={props.name} fallback={props.fallback}>
      <Suspense fallback={props.fallback}>
        <LoadedPart {...props} />
      </Suspense>
    </Quiet>
  );
}

// Looked up inside the boundary, so that a retry looks it up again after a failed load was dropped.
function LoadedPart({ parts, name, partProps }: { parts: SlotParts; name: string; partProps: object }) {
  const Part = parts.partOf(name);
  return Part ? <Part {...partProps} /> : null;
}
