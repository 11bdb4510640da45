import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Inspiration, Link as ContentLink } from '../../../contract/index.ts';
import { isLoggedIn } from '../../../machines/session/session.selectors.ts';
import { subscriptionQueries } from '../../api/subscription-queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { EventRail } from '../../ui/EventCard.tsx';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { Price } from '../../ui/Price.tsx';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { Rail } from '../../ui/Rail.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { BannerCard } from './BannerCard.tsx';
import { shopQueries } from './queries.ts';
import { scrollToBlock } from './WhenNear.tsx';
import './home-blocks.css';

/**
 * The landing's blocks below its first screen (HomeScreen places each with WhenNear): one chunk, loaded
 * when the reader scrolls near the first of them.
 */

/** A survey invitation's session: one the member was at (or is at now) within this many days. */
const SURVEY_DAYS = 14;

/** A content link: a route, or (#id) a block further down the home page, reached without a navigation. */
function ContentButton({ link, className }: { link: ContentLink; className: string }) {
  const pick = useBilingual();
  if (link.To.startsWith('#')) {
    const id = link.To.slice(1);
    return (
      <a href={link.To} className={className} onClick={(e) => scrollToBlock(id) && e.preventDefault()}>
        {pick(link.Label)}
      </a>
    );
  }
  return (
    <Link to={link.To} className={className}>
      {pick(link.Label)}
    </Link>
  );
}

/** The member's session whose survey is open and most recent, if any. */
function useSurveyDue() {
  const { api, session } = useServices();
  const member = useSelector(session, isLoggedIn);
  const records = useQuery({ ...shopQueries.eventRecords(api), enabled: member });
  if (!member || !records.data) return undefined;
  const now = Date.now();
  return records.data
    .filter((r) => r.Tab !== 'cancelled' && Date.parse(r.Session.StartAt) <= now && Date.parse(r.Session.EndAt) >= now - SURVEY_DAYS * 86_400_000)
    .sort((a, b) => Date.parse(b.Session.StartAt) - Date.parse(a.Session.StartAt))[0];
}

/** getSurveyLanding: taste with us, tell us what you tasted; a member just back from a session goes to its survey. */
export function SurveyLandingBlock() {
  const { api } = useServices();
  const pick = useBilingual();
  const block = useQuery(shopQueries.surveyLanding(api));
  const due = useSurveyDue();
  if (!block.data) return null;
  const { Title, Text, Image, Button } = block.data;
  return (
    <section aria-labelledby="survey-landing-title" className="section survey-landing">
      <LazyImage src={Image} width={320} height={320} className="survey-landing-image" />
      <div className="survey-landing-body">
        <h2 id="survey-landing-title">{pick(Title)}</h2>
        <p>{pick(Text)}</p>
        <p className="survey-landing-actions">
          {due && (
            <Link to="/survey/$eventID/$varianceID" params={{ eventID: due.EventID, varianceID: due.VarianceID }} className="button primary">
              <Trans>Tell us about {pick(due.Session.Title)}</Trans>
            </Link>
          )}
          <ContentButton link={Button} className={due ? 'button' : 'button primary'} />
        </p>
      </div>
    </section>
  );
}

/** The next sessions on sale (getUpcomingEvents). */
export function TastingsBlock() {
  const { api } = useServices();
  const currency = useCurrency();
  const { t } = useLingui();
  const events = useQuery(shopQueries.upcomingEvents(api, currency));
  if (events.isError) return null;
  return (
    <section aria-labelledby="events-title" className="section">
      <h2 id="events-title">
        <Trans>Upcoming tastings</Trans>
      </h2>
      {events.data && events.data.length === 0 && (
        <p className="muted">
          <Trans>No tastings are on sale just now. New dates are added every month.</Trans>
        </p>
      )}
      {events.data && events.data.length > 0 && <EventRail events={events.data} label={t`Upcoming tastings`} />}
    </section>
  );
}

export function SmallBannersBlock() {
  const { api } = useServices();
  const { t } = useLingui();
  const small = useQuery(shopQueries.smallBanners(api));
  if (!small.data?.length) return null;
  return (
    <section aria-label={t`Promotions`} className="banner-row">
      {small.data.map((b) => (
        <BannerCard key={b.BannerID} banner={b} />
      ))}
    </section>
  );
}

function InspirationCard({ post }: { post: Inspiration }) {
  const picture = post.MediaList.find((m) => m.Type === 'image') ?? post.MediaList[0];
  const srcSet = picture?.Variants.map((v) => `${v.Url} ${v.Width}w`).join(', ');
  const to = `/inspiration/${post.InspirationID}`;
  return (
    <li className="inspiration-tile">
      <Link to={to} className="inspiration-tile-link">
        {picture && picture.Type === 'image' ? (
          <LazyImage
            src={picture.Url}
            {...(srcSet ? { srcSet, sizes: '(min-width: 900px) 260px, 62vw' } : {})}
            width={picture.Width ?? 400}
            height={picture.Height ?? 500}
            className="inspiration-tile-image"
          />
        ) : (
          <span className="inspiration-tile-image" aria-hidden="true" />
        )}
        <span className="inspiration-tile-title">{post.Title}</span>
        <span className="inspiration-tile-meta">
          <span className="inspiration-tile-author">{post.Author.Name}</span>
          <span>
            <Plural value={post.LikeCount} one="# like" other="# likes" />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The newest published inspiration posts, under the content-managed section title (getInspirationTitle). */
export function InspirationBlock() {
  const { api } = useServices();
  const pick = useBilingual();
  const { t } = useLingui();
  const title = useQuery(shopQueries.inspirationTitle(api));
  const posts = useQuery(shopQueries.newestInspiration(api));
  if (posts.isError || (posts.data && posts.data.length === 0)) return null;
  const heading = title.data ? pick(title.data.Title) : t`Inspiration`;
  return (
    <section aria-labelledby="inspiration-title" className="section">
      <h2 id="inspiration-title">{heading}</h2>
      {title.data && <p className="muted section-lead">{pick(title.data.Subtitle)}</p>}
      {posts.data && (
        <Rail label={heading} className="inspiration-rail">
          {posts.data.map((post) => (
            <InspirationCard key={post.InspirationID} post={post} />
          ))}
        </Rail>
      )}
    </section>
  );
}

/** Membership: Regular Member, and SVIP with the quarterly tasting box (getSubscriptionPlan) and its price. */
export function MembershipBlock() {
  const { api } = useServices();
  const currency = useCurrency();
  const pick = useBilingual();
  const plans = useQuery({ ...subscriptionQueries.plans(api, currency), meta: { handlesErrors: true } });
  const box = plans.data?.find((p) => p.Duration === 'quarter') ?? plans.data?.[0];
  return (
    <section aria-labelledby="membership-title" className="section membership">
      <h2 id="membership-title">
        <Trans>Membership</Trans>
      </h2>
      <div className="membership-cards">
        <article className="membership-card svip" aria-labelledby="svip-title">
          <h3 id="svip-title">SVIP</h3>
          <p>
            <Trans>A tasting box every 3 months, member discounts, exclusive events and top-priority seats.</Trans>
          </p>
          {box && (
            <div className="svip-box">
              <LazyImage src={box.Image} width={160} height={160} className="svip-box-image" />
              <div className="svip-box-text">
                <p className="svip-box-name">{pick(box.Name)}</p>
                <p className="svip-box-price">
                  {box.Duration === 'quarter' ? (
                    <Trans>
                      <Price amount={box.Price} currency={box.Currency} /> a quarter
                    </Trans>
                  ) : (
                    <Price amount={box.Price} currency={box.Currency} />
                  )}
                </p>
                {box.ContentList.length > 0 && (
                  <p className="svip-box-contents">{box.ContentList.map((c) => pick(c.Name)).join(' · ')}</p>
                )}
              </div>
            </div>
          )}
          <Link to="/subscription" className="button svip-button">
            <Trans>Become an SVIP</Trans>
          </Link>
        </article>
        <article className="membership-card">
          <h3>
            <Trans>Regular Member</Trans>
          </h3>
          <p>
            <Trans>Comes by invitation from a member. Anyone can open an account, free of charge, to shop, book tastings, write taste cards and share inspiration.</Trans>
          </p>
        </article>
      </div>
    </section>
  );
}

export function BestSellersBlock() {
  const { api } = useServices();
  const currency = useCurrency();
  const best = useQuery(shopQueries.bestSellers(api, currency));
  if (!best.data?.length) return null;
  return (
    <section aria-labelledby="best-title" className="section product-rail">
      <h2 id="best-title">
        <Trans>Best sellers</Trans>
      </h2>
      <ProductGrid products={best.data} />
    </section>
  );
}
