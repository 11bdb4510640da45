import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { FlowCode } from '../../../machines/shared/codes.ts';
import { ErrorNote, type HeadingRef } from './checkout-parts.tsx';

/**
 * A checkout step that could not be done (the order, event or plan not loaded; the total not worked out):
 * its heading, the error in words, Try again where trying again can help, and the way back. The three
 * checkouts share it, in a chunk of its own that each preloads: few members ever see it, so no checkout's
 * first load carries it (issue 14, Fast).
 */
export function StepFailed({
  title,
  error,
  headingRef,
  onRetry,
  back,
}: {
  title: ReactNode;
  error: { code: FlowCode; message?: string | undefined } | undefined;
  headingRef: HeadingRef;
  /** Left out where trying again cannot help (a plan that is not on offer). */
  onRetry?: () => void;
  /** The way back; `button` draws it as a button rather than a link. */
  back: { label: ReactNode; onClick: () => void; button?: boolean };
}) {
  return (
    <section className="checkout-section">
      <h2 ref={headingRef} tabIndex={-1} className="checkout-title">
        {title}
      </h2>
      <ErrorNote error={error} />
      <div className="checkout-actions">
        {onRetry && (
          <button type="button" className="button primary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        )}
        <button type="button" className={back.button ? 'button' : 'link-button'} onClick={back.onClick}>
          {back.label}
        </button>
      </div>
    </section>
  );
}
