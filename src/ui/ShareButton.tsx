import { Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { shareLink, type SharedLink } from './share-link.ts';
import './share-button.css';

/** A button that shares (or copies) a link and says how it went, in a live region. */
export function ShareButton({
  url,
  title,
  children,
  className,
  onShared,
}: {
  url: string;
  title: string;
  children: ReactNode;
  className?: string;
  /** Told how it went (e.g. to count a share). */
  onShared?: (outcome: SharedLink) => void;
}) {
  const [outcome, setOutcome] = useState<SharedLink>();
  return (
    <span className="share-button">
      <button
        type="button"
        className={className ?? 'button small'}
        onClick={() => {
          setOutcome(undefined);
          void shareLink({ url, title }).then((outcome) => {
            setOutcome(outcome);
            onShared?.(outcome);
          });
        }}
      >
        {children}
      </button>
      <span className="muted small" role="status">
        {outcome === 'copied' && <Trans>Link copied</Trans>}
        {outcome === 'failed' && <Trans>The link could not be copied: {url}</Trans>}
      </span>
    </span>
  );
}
