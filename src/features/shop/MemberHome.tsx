import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { EventRecord, MemberGuideStep, UserChecking, UserDetail } from '../../../contract/index.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { Slot } from '../../app/Slot.tsx';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { sessionWhen } from '../../ui/event-dates.ts';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { shopQueries } from './queries.ts';
import { DailySipSkeleton, GuideSkeleton, MemberHomeSkeleton, NextTastingSkeleton, PicksSkeleton } from './MemberHomeSkeleton.tsx';
import { scrollToBlock } from './WhenNear.tsx';
import './member-home.css';

/** A link to a block further down the home page (the landing's tastings, inspiration), without a navigation. */
function BlockLink({ block, children, className }: { block: string; children: ReactNode; className?: string }) {
  return (
    <a href={`#${block}`} className={className} onClick={(e) => scrollToBlock(block) && e.preventDefault()}>
      {children}
    </a>
  );
}

/** What each step of the guide asks, and where it is done. */
function GuideStep({ step, done }: { step: MemberGuideStep; done: boolean }) {
  switch (step) {
    case 'entrySurvey':
      return done ? (
        <Trans>Your taste profile is set</Trans>
      ) : (
        <Link to="/entry_survey" search={{ returnTo: '/home' }}>
          <Trans>Tell us what you like to sip</Trans>
        </Link>
      );
    case 'tasteCard':
      return done ? (
        <Trans>You wrote your first taste card</Trans>
      ) : (
        <Link to="/taste_card/select_product">
          <Trans>Write your first taste card</Trans>
        </Link>
      );
    case 'event':
      return done ? (
        <Trans>You joined your first tasting</Trans>
      ) : (
        <BlockLink block="upcoming-tastings">
          <Trans>Join your first tasting</Trans>
        </BlockLink>
      );
    case 'subscription':
      return done ? (
        <Trans>You are an SVIP</Trans>
      ) : (
        <Link to="/subscription">
          <Trans>Become an SVIP: a tasting box every 3 months</Trans>
        </Link>
      );
    case 'follow':
      return done ? (
        <Trans>You follow a fellow taster</Trans>
      ) : (
        <BlockLink block="home-inspiration">
          <Trans>Follow someone whose posts you like</Trans>
        </BlockLink>
      );
  }
}

/** Spec §1 and §3: the member guide, step by step, until "member guide finished". */
function MemberGuide() {
  const { api, session } = useServices();
  const { t } = useLingui();
  // The member's status flags already say whether the guide is over: no guide's place held for nothing.
  const finished = useSelector(session, sessionState.checking)?.MemberGuideFinished === true;
  const guide = useQuery(shopQueries.memberGuide(api));
  if (finished || guide.isError || guide.data?.MemberGuideFinished) return null;
  if (!guide.data) {
    return (
      <GuideSkeleton>
        <p className="visually-hidden" role="status">
          <Trans>Loading your member guide…</Trans>
        </p>
      </GuideSkeleton>
    );
  }
  const steps = guide.data.Steps;
  const done = steps.filter((s) => s.Done).length;
  const total = steps.length;
  return (
    <div className="member-guide-box">
      <div className="member-guide-head">
        <h3 id="member-guide-title">
          <Trans>Your member guide</Trans>
        </h3>
        <span className="member-guide-count" id="member-guide-count">
          <Trans>
            {done} of {total} done
          </Trans>
        </span>
      </div>
      <progress className="member-guide-progress" value={done} max={total} aria-label={t`Member guide`} aria-describedby="member-guide-count" />
      <ol className="member-guide" aria-labelledby="member-guide-title">
        {steps.map((s) => (
          <li key={s.Step} data-done={s.Done} data-step={s.Step}>
            <span className="visually-hidden">{s.Done ? t`Done:` : t`To do:`} </span>
            <GuideStep step={s.Step} done={s.Done} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The soonest session the member has a place at that has not ended (the server's 'joined' tab). */
function nextSession(records: readonly EventRecord[] | undefined): EventRecord | undefined {
  return records
    ?.filter((r) => r.Tab === 'joined')
    .sort((a, b) => Date.parse(a.Session.StartAt) - Date.parse(b.Session.StartAt))[0];
}

/** list-user-event-record: the member's next tasting, with its day, time and place. */
function NextTasting() {
  const { api } = useServices();
  const pick = useBilingual();
  const { i18n } = useLingui();
  const records = useQuery(shopQueries.eventRecords(api));
  if (records.isError) return null;
  const next = nextSession(records.data);
  return (
    <section aria-labelledby="next-tasting-title" className="member-panel next-tasting">
      <h3 id="next-tasting-title">
        <Trans>Your next tasting</Trans>
      </h3>
      {!records.data ? (
        <NextTastingSkeleton>
          <span className="visually-hidden" role="status">
            <Trans>Loading your tastings…</Trans>
          </span>
        </NextTastingSkeleton>
      ) : next ? (
        <Link
          to="/event_record/$eventID/$varianceID"
          params={{ eventID: next.EventID, varianceID: next.VarianceID }}
          className="next-tasting-card"
          data-testid="next-tasting"
        >
          <img src={next.Session.Image} alt="" width={96} height={96} loading="lazy" decoding="async" className="next-tasting-image" />
          <span className="next-tasting-text">
            <span className="next-tasting-name">{pick(next.Session.Title)}</span>
            <span className="next-tasting-when">{sessionWhen(next.Session, i18n.locale)}</span>
            <span className="next-tasting-place">
              {pick(next.Session.Location.Name)} · {pick(next.Session.Location.District)}
            </span>
          </span>
        </Link>
      ) : (
        <p>
          <Trans>No tasting booked yet.</Trans>{' '}
          <BlockLink block="upcoming-tastings">
            <Trans>See upcoming tastings</Trans>
          </BlockLink>
        </p>
      )}
    </section>
  );
}

/** get-recommended-product: drinks picked for the member's taste profile, with how well each matches. */
function Recommendations() {
  const { api } = useServices();
  const currency = useCurrency();
  const { t } = useLingui();
  const picks = useQuery(shopQueries.recommendations(api, currency));
  if (picks.isError) return null;
  const matchOf = new Map(picks.data?.ProductList.map((p) => [p.Product.ProductID, p.Match]));
  // Best match first, as the percentages read (the server picks the member's kinds of drink first; sort is stable).
  const ranked = [...(picks.data?.ProductList ?? [])].sort((a, b) => b.Match - a.Match);
  return (
    <section aria-labelledby="for-you-title" className="member-panel for-you">
      <h3 id="for-you-title">
        <Trans>Picked for your taste</Trans>
      </h3>
      {!picks.data ? (
        <PicksSkeleton>
          <span className="visually-hidden" role="status">
            <Trans>Finding drinks for your taste…</Trans>
          </span>
        </PicksSkeleton>
      ) : picks.data.ProductList.length > 0 ? (
        <ProductGrid
          products={ranked.map((p) => p.Product)}
          label={t`Picked for your taste`}
          cardAction={(product) => (
            <span className="match-badge">
              <Trans>{matchOf.get(product.ProductID)}% match</Trans>
            </span>
          )}
        />
      ) : (
        <p>
          {picks.data.HasProfile ? (
            <Trans>You have tried everything we would suggest. Write a taste card about something new.</Trans>
          ) : (
            <Trans>Write a taste card about something you drink, and we will pick drinks for your taste.</Trans>
          )}{' '}
          <Link to="/taste_card/select_product">
            <Trans>Write a taste card</Trans>
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * Whether the member has been here before, from what the home already reads (issue 29, 5): an address kept from
 * a checkout, someone followed, an SVIP box, a tasting booked, or a guide step past the entry survey. A brand-new
 * account has none of these, and is welcomed rather than welcomed back.
 */
function isReturningMember(
  user: UserDetail,
  checking: UserChecking | undefined,
  guide: { Steps: ReadonlyArray<{ Step: MemberGuideStep; Done: boolean }> } | undefined,
  records: readonly EventRecord[] | undefined,
): boolean {
  return (
    user.deliveryAddress.length > 0 ||
    user.billingAddress !== undefined ||
    user.followeeCount > 0 ||
    checking?.Subscribed === true ||
    checking?.MemberGuideFinished === true ||
    (records?.length ?? 0) > 0 ||
    (guide?.Steps.some((s) => s.Done && s.Step !== 'entrySurvey') ?? false)
  );
}

/** "Welcome back" for a member who has been here before, "Welcome" for a new one. */
function Greeting({ user }: { user: UserDetail }) {
  const { api, session } = useServices();
  const checking = useSelector(session, sessionState.checking);
  // The same queries as the guide and the next tasting below: read once.
  const guide = useQuery(shopQueries.memberGuide(api));
  const records = useQuery(shopQueries.eventRecords(api));
  const name = user.name || user.givenName;
  return (
    <h2 id="member-home-title">
      {isReturningMember(user, checking, guide.data, records.data) ? <Trans>Welcome back, {name}</Trans> : <Trans>Welcome, {name}</Trans>}
    </h2>
  );
}

/** Spec §1: a member's personal home: a greeting, the guide, the daily sip, quick actions, their next tasting and picks. */
export function MemberHome() {
  const { session, popups } = useServices();
  const user = useSelector(session, sessionState.user);
  const checking = useSelector(session, sessionState.checking);
  const { t } = useLingui();
  if (!user) return <MemberHomeSkeleton guide={checking?.MemberGuideFinished !== true} />;
  return (
    <section aria-labelledby="member-home-title" className="section member-home">
      <Greeting user={user} />
      <nav aria-label={t`Quick actions`} className="quick-actions">
        <button type="button" className="chip" onClick={() => popups.open('wishlist')}>
          <Trans>Wishlist</Trans>
        </button>
        <button type="button" className="chip" onClick={() => popups.open('myEvents')}>
          <Trans>My events</Trans>
        </button>
        <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'tea' }} className="chip">
          <Trans>Drinks</Trans>
        </Link>
        <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: 'equipment' }} className="chip">
          <Trans>Equipment</Trans>
        </Link>
        <Link to="/search_boxset/{-$keyword}" params={{ keyword: undefined }} className="chip">
          <Trans>Sensory box sets</Trans>
        </Link>
      </nav>
      <MemberGuide />
      <Slot name="dailySip" fallback={<DailySipSkeleton />} />
      <NextTasting />
      <Recommendations />
    </section>
  );
}
