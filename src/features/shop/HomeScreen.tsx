import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Banner } from '../../../contract/index.ts';
import { shopQueries } from './queries.ts';
import { membersOnly } from '../../app/members-only.tsx';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { EventRail } from '../../ui/EventCard.tsx';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import './shop.css';

// The member's greeting and guide; a visitor's first load leaves it out.
const MemberHome = membersOnly(() => import('./MemberHome.tsx').then((m) => ({ default: m.MemberHome })));

/** `first`: the first big banner, the page's largest picture: loaded at once at high priority; the others lazily. */
function BannerCard({ banner, big, first }: { banner: Banner; big?: boolean; first?: boolean }) {
  const pick = useBilingual();
  return (
    <Link to={banner.Link} className={big ? 'banner banner-big' : 'banner'}>
      <img
        src={banner.Image}
        alt=""
        className="banner-image"
        width={800}
        height={800}
        {...(first ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
      />
      <span className="banner-text">
        <span className="banner-title">{pick(banner.Title)}</span>
        <span className="banner-subtitle">{pick(banner.Subtitle)}</span>
      </span>
    </Link>
  );
}

/** The visitor's landing view: banners, product types, new in, best sellers, membership. */
export function HomeScreen() {
  const { api } = useServices();
  const currency = useCurrency();
  const pick = useBilingual();
  const { t } = useLingui();
  const big = useQuery(shopQueries.bigBanners(api));
  const small = useQuery(shopQueries.smallBanners(api));
  const types = useQuery(shopQueries.productTypes(api));
  const newIn = useQuery(shopQueries.newInSection(api, currency));
  const best = useQuery(shopQueries.bestSellers(api, currency));
  const events = useQuery(shopQueries.upcomingEvents(api, currency));

  return (
    <div className="page home">
      <h1 className="visually-hidden">Sip &amp; Gather</h1>
      <MemberHome />
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
                <img src={type.Image} alt="" width={160} height={160} loading="lazy" decoding="async" />
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

      {events.data && events.data.length > 0 && (
        <section aria-labelledby="events-title" className="section">
          <h2 id="events-title">
            <Trans>Upcoming tastings</Trans>
          </h2>
          <EventRail events={events.data} label={t`Upcoming tastings`} />
        </section>
      )}

      {small.data && small.data.length > 0 && (
        <section aria-label={t`Promotions`} className="banner-row">
          {small.data.map((b) => (
            <BannerCard key={b.BannerID} banner={b} />
          ))}
        </section>
      )}

      {best.data && (
        <section aria-labelledby="best-title" className="section">
          <h2 id="best-title">
            <Trans>Best sellers</Trans>
          </h2>
          <ProductGrid products={best.data} />
        </section>
      )}

      <section aria-labelledby="membership-title" className="section membership">
        <h2 id="membership-title">
          <Trans>Membership</Trans>
        </h2>
        <div className="membership-cards">
          <article className="membership-card">
            <h3>
              <Trans>Regular Member</Trans>
            </h3>
            <p>
              <Trans>By invitation from a member. Buy from the shop, join tastings, write taste cards and share inspiration.</Trans>
            </p>
          </article>
          <article className="membership-card svip">
            <h3>SVIP</h3>
            <p>
              <Trans>A tasting box every 3 months, member discounts, exclusive events and top-priority seats.</Trans>
            </p>
          </article>
        </div>
      </section>
    </div>
  );
}
