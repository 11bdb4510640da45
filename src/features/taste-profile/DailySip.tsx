import { Plural, Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { tasteProfileQueries } from './queries.ts';
import './taste-profile.css';

/** The member home's daily sip: today's card (or a prompt to write it) and how many days in a row. */
export function DailySip() {
  const { api, popups } = useServices();
  const pick = useBilingual();
  const sip = useQuery(tasteProfileQueries.dailySip(api));
  return (
    <section aria-labelledby="daily-sip-title" className="daily-sip">
      <h3 id="daily-sip-title">
        <Trans>Today's sip</Trans>
      </h3>
      {sip.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading today's sip…</Trans>
        </p>
      ) : sip.isError ? (
        <div>
          <FormError>
            <Trans>Today's sip could not be loaded.</Trans>
          </FormError>
          <button type="button" className="button small" onClick={() => void sip.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <>
          {sip.data.Today ? (
            <p>
              <Trans>
                Today you sipped{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => popups.open('tasteCard', { cardID: sip.data.Today!.CardID, own: true })}
                >
                  {pick(sip.data.Today.Product.Name)}
                </button>
                .
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>What are you drinking today? Note it in a quick taste card.</Trans>
            </p>
          )}
          <p className="daily-sip-streak" data-testid="daily-sip-streak">
            {sip.data.Streak > 0 ? (
              <Plural value={sip.data.Streak} one="# day in a row" other="# days in a row" />
            ) : (
              <Trans>Start a streak today</Trans>
            )}
          </p>
          {!sip.data.Today && (
            <Link to="/daily_sip/select_product" className="button small primary">
              <Trans>Choose today's drink</Trans>
            </Link>
          )}
        </>
      )}
    </section>
  );
}
