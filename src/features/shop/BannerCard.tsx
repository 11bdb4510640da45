import { Link } from '@tanstack/react-router';
import type { Banner } from '../../../contract/index.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';

/** `first`: the first big banner, the page's largest picture: loaded at once at high priority; the others lazily. */
export function BannerCard({ banner, big, first }: { banner: Banner; big?: boolean; first?: boolean }) {
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
