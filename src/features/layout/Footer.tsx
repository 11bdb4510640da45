import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ContentLink } from './ContentLink.tsx';
import { layoutQueries } from './queries.ts';
import { preloadable } from '../../app/preloadable.tsx';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';

/**
 * The newsletter's sign-up (a slot, src/app/Slot.tsx), loaded when the reader scrolls near it. The slot
 * registry itself loads once the footer shows, not with the first load (DESIGN §10); if it cannot load,
 * the footer shows without the sign-up, as when the sign-up's own chunk fails.
 */
const NewsletterSignupSlot = preloadable(() =>
  import('../../app/Slot.tsx').then(
    ({ Slot }) =>
      function NewsletterSignupSlot() {
        return <Slot name="newsletterSignup" placement="footer" whenNear />;
      },
    () => () => null,
  ),
);

export function Footer() {
  const { api, popups } = useServices();
  const footer = useQuery(layoutQueries.footer(api));
  const pick = useBilingual();
  const { t } = useLingui();
  // One footer element throughout, so the settings button stays the same button while the columns load.
  return (
    <footer className="footer" aria-label={footer.data ? undefined : t`Footer`}>
      {footer.data && (
        <>
          <NewsletterSignupSlot />
          <div className="footer-columns">
            {footer.data.Columns.map((column) => (
              <nav key={column.Title.en} aria-label={pick(column.Title)}>
                <h2 className="footer-title">{pick(column.Title)}</h2>
                <ul>
                  {column.Links.map((link) => (
                    <li key={link.To}>
                      <ContentLink to={link.To}>{pick(link.Label)}</ContentLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          <p className="footer-note">{pick(footer.data.Note)}</p>
        </>
      )}
      <p className="footer-settings">
        <button type="button" className="link-button" onClick={() => popups.open('notifications')}>
          <Trans>Notification settings</Trans>
        </button>
      </p>
    </footer>
  );
}
