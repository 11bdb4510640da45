import { Trans } from '@lingui/react/macro';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ChunkLoadTimeout } from '../app/lazy-screen.ts';

export function NotFoundScreen() {
  return (
    <section className="page state-page">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you were looking for is not here.</Trans>
      </p>
      <Link to="/home" className="button primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}

/** A route that failed to load: a chunk time-out (spec §2, 120 s) or a failed request, with a retry. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const timedOut = error instanceof ChunkLoadTimeout;
  return (
    <section className="page state-page" role="alert">
      <h1>{timedOut ? <Trans>This page is taking too long to load</Trans> : <Trans>This page could not be loaded</Trans>}</h1>
      <p>
        <Trans>Check your connection and try again.</Trans>
      </p>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}

export function PendingScreen() {
  return (
    <div className="page pending" aria-busy="true">
      <div className="skeleton skeleton-title" />
      <div className="skeleton-grid">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton skeleton-card" />
        ))}
      </div>
    </div>
  );
}
