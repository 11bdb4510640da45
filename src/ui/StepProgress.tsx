import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './step-progress.css';

/**
 * Where a form in steps stands (taste cards, event surveys): `count` in words ("Step 2 of 5"), then a bar
 * per step, those before `current` (0-based) and `current` itself filled; each bar named for screen readers.
 */
export function StepProgress({ count, steps, current }: { count: ReactNode; steps: readonly string[]; current: number }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Progress`} className="step-progress">
      <p>{count}</p>
      <ol>
        {steps.map((name, i) => (
          <li key={i} data-done={i < current} aria-current={i === current ? 'step' : undefined}>
            <span className="visually-hidden">{name}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
