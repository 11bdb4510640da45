import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/**
 * A part of a page that could not be loaded (the words to pick from, the drinks to choose): what failed,
 * announced, and a Try again button under it, `small` where it sits inside a form's question.
 */
export function RetryAlert({ children, onRetry, small = false }: { children: ReactNode; onRetry: () => void; small?: boolean }) {
  return (
    <div role="alert">
      <p>{children}</p>
      <button type="button" className={small ? 'button small' : 'button'} onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
