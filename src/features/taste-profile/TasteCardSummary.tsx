import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { TasteCard } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { SENSE_NAMES, SENSES } from '../../ui/taste-words.ts';

/** Notes a card shows in a list: the rest are on the card itself. */
const TOP_NOTES = 3;

/** A card's five senses, small: each a row of five pips, with its level in words for screen readers. */
export function SensesMini({ card }: { card: Pick<TasteCard, 'FiveSenses'> }) {
  const { i18n } = useLingui();
  return (
    <ul className="senses-mini">
      {SENSES.map((sense) => {
        const level = card.FiveSenses[sense];
        const name = i18n._(SENSE_NAMES[sense]);
        return (
          <li key={sense}>
            <span className="senses-mini-name">{name}</span>
            <span className="senses-mini-pips" aria-hidden="true">
              {[1, 2, 3, 4, 5].map((n) => (
                <span key={n} data-on={n <= level} />
              ))}
            </span>
            <span className="visually-hidden">
              <Trans>{level} of 5</Trans>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The card's top notes: named notes first, then the member's own words. */
export function TopNotes({ card, limit = TOP_NOTES }: { card: Pick<TasteCard, 'TasteNote' | 'CustomTasteNote'>; limit?: number }) {
  const pick = useBilingual();
  const { t } = useLingui();
  const names = [...card.TasteNote.map((n) => pick(n.Name)), ...card.CustomTasteNote].slice(0, limit);
  if (names.length === 0) return null;
  return (
    <ul className="chip-row taste-notes" aria-label={t`Top notes`}>
      {names.map((name) => (
        <li key={name} className="chip static">
          {name}
        </li>
      ))}
    </ul>
  );
}

/**
 * A card in a list: its picture, title (opens the whole card), author, five senses and top notes.
 * `own`: the member's own card (read with the owner's call, any status); `actions`: controls under it.
 */
export function TasteCardSummary({ card, own = false, showProduct = false, actions }: { card: TasteCard; own?: boolean; showProduct?: boolean; actions?: ReactNode }) {
  const { popups } = useServices();
  const pick = useBilingual();
  return (
    <article className="taste-card-summary" aria-labelledby={`card-${card.CardID}-title`}>
      <img src={card.Image} alt="" width={96} height={96} loading="lazy" decoding="async" className="taste-card-thumb" />
      <div className="taste-card-head">
        <h3 id={`card-${card.CardID}-title`} className="taste-card-title">
          <button type="button" className="link-button" onClick={() => popups.open('tasteCard', { cardID: card.CardID, own })}>
            {card.Title}
          </button>
        </h3>
        <p className="muted small">
          {showProduct && <>{pick(card.Product.Name)} · </>}
          <Trans>by {card.Author.Name}</Trans>
        </p>
      </div>
      {/* Under the picture and title, the whole card's width: two columns of senses even on a 360 px phone. */}
      <div className="taste-card-body">
        <SensesMini card={card} />
        <TopNotes card={card} />
        {actions}
      </div>
    </article>
  );
}
