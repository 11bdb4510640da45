import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { isLoggedIn } from '../../../machines/session/session.selectors.ts';
import { shopQueries } from './queries.ts';
import { BannerCard } from './BannerCard.tsx';
import { MemberHomePart } from './member-home-part.tsx';
import { WhenNear } from './WhenNear.tsx';
import { lazy } from '../../app/lazy-screen.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { LazyImage } from '../../ui/LazyImage.tsx';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import './shop.css';

// The blocks below the first screen: one chunk (HomeBlocks.tsx), loaded when the reader scrolls near them.
const blocks = () => import('./HomeBlocks.tsx');
const SurveyLandingBlock = lazy(() => blocks().then((m) => ({ default: m.SurveyLandingBlock })));
const TastingsBlock = lazy(() => blocks().then((m) => ({ default: m.TastingsBlock })));
const SmallBannersBlock = lazy(() => blocks().then((m) => ({ default: m.SmallBannersBlock })));
const InspirationBlock = lazy(() => blocks().then((m) => ({ default: m.InspirationBlock })));
const MembershipBlock = lazy(() => blocks().then((m) => ({ default: m.MembershipBlock })));
const BestSellersBlock = lazy(() => blocks().then((m) => ({ default: m.BestSellersBlock })));

/**
 * Spec §1 landing (a member sees their own home above it): the big promotion banners, product types and new
 * in come with the page; tastings and their survey, promotions, inspiration, membership with the SVIP box
 * and best sellers load as the reader scrolls near them. The newsletter sign-up is the footer's (the
 * newsletter feature's slot there, on every page), so the landing does not show it twice.
 */
export function HomeScreen() {
  const { session } = useServices();
  const member = useSelector(session, isLoggedIn);
  return (
    <div className="page home">
      <h1 className="visually-hidden">Sip &amp; Gather</h1>
      <MemberHomePart />
      {member ? (
        <WhenNear margin={MEMBER_LANDING_MARGIN} className="landing-top-place">
          <LandingTop />
        </WhenNear>
      ) : (
        <LandingTop />
      )}
      <LandingBlocks />
    </div>
  );
}

/**
 * Under a member's own home, the landing's first sections render when the reader comes near them (or a jump to a
 * block below brings every block in): on a phone they start a screen below the member's, and rendered with it they
 * were most of a member's first load (Lighthouse, signed in, this machine: total blocking time 462 ms with them, 85
 * without; issue 30). Nearer than the blocks' 600 px, or a phone's first screen would count as near at once. Until
 * then its place is a screen high (shop.css), so that the blocks below are not near at once either.
 */
const MEMBER_LANDING_MARGIN = '0px 0px 200px 0px';

/** The big promotion banners, product types and new in: a visitor's first screen. */
function LandingTop() {
  const { api } = useServices();
  const currency = useCurrency();
  const pick = useBilingual();
  const { t } = useLingui();
  const big = useQuery(shopQueries.bigBanners(api));
  const types = useQuery(shopQueries.productTypes(api));
  const newIn = useQuery(shopQueries.newInSection(api, currency));
  return (
    <>
      <section aria-label={t`Featured`} className="banner-rail">
        {big.data?.map((b, i) => <BannerCard key={b.BannerID} banner={b} big first={i === 0} />)}
      </section>

      <section aria-labelledby="types-title" className="section">
        <h2 id="types-title">
          <Trans>Shop by type</Trans>
        </h2>
        <ul className="type-grid">
          {types.data?.map((type) => (
            <li key={type.ProductTypeID}>
              <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: type.ProductTypeID }} className="type-card">
                <LazyImage src={type.Image} width={160} height={160} />
                <span>{pick(type.Name)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {newIn.data && (
        <section aria-labelledby="new-in-title" className="section">
          <div className="section-head">
            <h2 id="new-in-title">{pick(newIn.data.Title)}</h2>
            <Link to="/new_in/{-$productTypeID}" params={{ productTypeID: undefined }}>
              <Trans>See all</Trans>
            </Link>
          </div>
          <p className="muted">{pick(newIn.data.Subtitle)}</p>
          <ProductGrid products={newIn.data.ProductList} />
        </section>
      )}
    </>
  );
}

/** The blocks below the first screen, each loaded as the reader scrolls near it (their places are there at once, for jumps). */
function LandingBlocks() {
  return (
    <>
      <WhenNear>
        <SurveyLandingBlock />
      </WhenNear>
      <WhenNear id="upcoming-tastings">
        <TastingsBlock />
      </WhenNear>
      <WhenNear>
        <SmallBannersBlock />
      </WhenNear>
      <WhenNear id="home-inspiration">
        <InspirationBlock />
      </WhenNear>
      <WhenNear id="membership">
        <MembershipBlock />
      </WhenNear>
      <WhenNear>
        <BestSellersBlock />
      </WhenNear>
    </>
  );
}
