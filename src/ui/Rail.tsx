import type { ReactNode } from 'react';
import './rail.css';

/**
 * A row of cards that scrolls sideways on phones, each snapping into place (event cards, the home's newest
 * inspiration posts). `className` sets how wide the cards are, and what changes on wider screens.
 */
export function Rail({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <ul className={`rail ${className}`} aria-label={label}>
      {children}
    </ul>
  );
}
