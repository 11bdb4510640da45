import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { InspirationMedia } from '../../../contract/index.ts';

const srcSet = (m: InspirationMedia) => m.Variants.map((v) => `${v.Url} ${v.Width}w`).join(', ');

/**
 * A post's pictures and videos: swipe (scroll snap), the arrow keys or the buttons move between them;
 * dots say where one is. Pictures through their resized variants (srcset); videos with their controls.
 */
export function Carousel({ media, title }: { media: InspirationMedia[]; title: string }) {
  const { t } = useLingui();
  const track = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const count = media.length;
  const go = (to: number) => {
    const el = track.current;
    const next = Math.max(0, Math.min(count - 1, to));
    setIndex(next);
    if (el) el.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' });
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    }
  };
  return (
    <section className="carousel" aria-roledescription={t`carousel`} aria-label={t`Pictures of ${title}`} onKeyDown={onKey}>
      <ul
        className="carousel-track"
        ref={track}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {media.map((m, i) => (
          <li
            key={m.MediaID}
            className="carousel-slide"
            aria-roledescription={t`slide`}
            aria-label={t`${i + 1} of ${count}`}
            aria-hidden={i !== index}
          >
            {m.Type === 'video' ? (
              <video src={m.Url} controls playsInline preload="metadata" className="carousel-media" />
            ) : (
              <img
                src={m.Variants.at(-1)?.Url ?? m.Url}
                {...(m.Variants.length > 0 ? { srcSet: srcSet(m), sizes: '(min-width: 900px) 50vw, 100vw' } : {})}
                alt={count > 1 ? t`${title}, picture ${i + 1}` : title}
                width={m.Width ?? 1080}
                height={m.Height ?? 1080}
                loading={i === 0 ? 'eager' : 'lazy'}
                {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
                className="carousel-media"
              />
            )}
          </li>
        ))}
      </ul>
      {count > 1 && (
        <>
          <button type="button" className="carousel-arrow prev" onClick={() => go(index - 1)} disabled={index === 0} aria-label={t`Previous picture`}>
            ‹
          </button>
          <button type="button" className="carousel-arrow next" onClick={() => go(index + 1)} disabled={index === count - 1} aria-label={t`Next picture`}>
            ›
          </button>
          <div className="carousel-dots">
            {media.map((m, i) => (
              <button
                key={m.MediaID}
                type="button"
                className="carousel-dot"
                aria-current={i === index}
                aria-label={t`Show picture ${i + 1}`}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <p className="visually-hidden" aria-live="polite">
            <Trans>
              Picture {index + 1} of {count}
            </Trans>
          </p>
        </>
      )}
    </section>
  );
}
