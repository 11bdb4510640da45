import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { queries } from '../../api/queries.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';

export function Footer() {
  const { api } = useServices();
  const footer = useQuery(queries.footer(api));
  const pick = useBilingual();
  const { t } = useLingui();
  if (!footer.data) return <footer className="footer" aria-label={t`Footer`} />;
  return (
    <footer className="footer">
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
    </footer>
  );
}
