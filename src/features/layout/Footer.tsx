import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { layoutQueries } from './queries.ts';
import { useServices } from '../../app/services.ts';
import { Slot } from '../../app/Slot.tsx';
import { useBilingual } from '../../ui/Bilingual.tsx';

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
          <Slot name="newsletterSignup" placement="footer" whenNear />
          <div className="footer-columns">
            {footer.data.Columns.map((column) => (
              <nav key={column.Title.en} aria-label={pick(column.Title)}>
                <h2 className="footer-title">{pick(column.Title)}</h2>
                <ul>
                  {column.Links.map((link) => (
                    <li key={link.To}>
                      <Link to={link.To}>{pick(link.Label)}</Link>
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
