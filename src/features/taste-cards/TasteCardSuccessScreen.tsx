import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { tasteCardQueries } from './queries.ts';
import './taste-cards.css';

/** taste_card/success: the card just saved, with the way to its drink. */
export function TasteCardSuccessScreen() {
  const { cardID } = useSearch({ strict: false }) as { cardID?: string };
  const { api } = useServices();
  const pick = useBilingual();
  const card = useQuery({ ...tasteCardQueries.userCard(api, cardID ?? ''), enabled: cardID !== undefined, meta: { handlesErrors: true } });
  const saved = card.data?.Card;
  return (
    <section className="page taste-card-page taste-success" aria-labelledby="taste-success-title">
      <h1 id="taste-success-title" tabIndex={-1}>
        <Trans>Your taste card is published</Trans>
      </h1>
      {cardID === undefined ? (
        <p>
          <Trans>Thank you for sharing how it tasted.</Trans>
        </p>
      ) : card.isPending ? (
        <p role="status">
          <Trans>Loading your card…</Trans>
        </p>
      ) : saved ? (
        <article className="taste-card-preview">
          <img src={saved.Image} alt="" className="taste-card-preview-image" />
          <h2>{saved.Title}</h2>
          <p>{pick(saved.Product.Name)}</p>
          <ul className="word-list">
            {saved.TasteNote.map((n) => (
              <li key={n.TasteNoteID} className="word-chip static">
                {pick(n.Name)}
              </li>
            ))}
          </ul>
        </article>
      ) : (
        <p role="alert">
          <Trans>Your card is saved, but it could not be shown just now.</Trans>
        </p>
      )}
      <div className="taste-nav">
        {saved && (
          <Link to="/product/$productID" params={{ productID: saved.ProductID }} className="button primary">
            <Trans>See the drink's page</Trans>
          </Link>
        )}
        <Link to="/taste_card/select_product" className="button">
          <Trans>Write another card</Trans>
        </Link>
      </div>
    </section>
  );
}
