import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
// The member home's own rules: the skeleton comes with the home page and needs them before MemberHome's chunk.
import './member-home.css';

/*
 * The member home's place, held at the size its parts take once loaded (issue 30): the member home sits above
 * the landing, so while its chunk, the member or a panel loaded, each arrival pushed the banners down (CLS 0.568
 * on the demo member's home). Each piece below has the box of the part it stands for (member-home-skeleton in
 * shop.css, which comes with the home page, not with MemberHome's chunk); the words a screen reader hears are
 * the loading status.
 */

function Bar({ className }: { className: string }) {
  return <span className={`skeleton skeleton-bar ${className}`} aria-hidden="true" />;
}

/** Stands for the member guide: its box, head, progress and five steps. */
export function GuideSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className="member-guide-box guide-skeleton">
      <Bar className="skeleton-line-heading" />
      <Bar className="skeleton-line-progress" />
      <ol className="member-guide" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i}>
            <Bar className="skeleton-line-text" />
          </li>
        ))}
      </ol>
      {children}
    </div>
  );
}

/** Stands for the daily sip's card while its chunk or its answer loads. */
export function DailySipSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className="daily-sip-skeleton">
      <Bar className="skeleton-line-heading" />
      <Bar className="skeleton-line-text" />
      <Bar className="skeleton-line-text short" />
      <Bar className="skeleton-line-button" />
      {children}
    </div>
  );
}

/** Stands for the next tasting's card: its picture and three lines. */
export function NextTastingSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className="next-tasting-skeleton">
      <Bar className="skeleton-square" />
      <span className="next-tasting-skeleton-text">
        <Bar className="skeleton-line-text" />
        <Bar className="skeleton-line-text short" />
        <Bar className="skeleton-line-text shorter" />
      </span>
      {children}
    </div>
  );
}

/** Stands for the row of picks: as many cards as fit, each the size of a product card. */
export function PicksSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className="picks-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <Bar key={i} className="skeleton-pick" />
      ))}
      {children}
    </div>
  );
}

/** A panel's title while the panel's chunk loads. */
function PanelSkeleton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div className={`member-panel ${className}`}>
      <Bar className="skeleton-line-heading" />
      {children}
    </div>
  );
}

/**
 * The whole member home while its chunk or the member loads. `guide`: whether the member guide will show
 * (false once the session knows it is finished).
 */
export function MemberHomeSkeleton({ guide = true }: { guide?: boolean }) {
  return (
    <section className="section member-home member-home-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading your home…</Trans>
      </p>
      <Bar className="skeleton-line-greeting" />
      <span className="quick-actions-skeleton" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Bar key={i} className="skeleton-chip" />
        ))}
      </span>
      {guide && <GuideSkeleton />}
      <DailySipSkeleton />
      <PanelSkeleton className="next-tasting">
        <NextTastingSkeleton />
      </PanelSkeleton>
      <PanelSkeleton className="for-you">
        <PicksSkeleton />
      </PanelSkeleton>
    </section>
  );
}
