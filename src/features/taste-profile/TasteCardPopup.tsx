import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorCode, type TasteCard } from '../../../contract/index.ts';
import { errorCode } from '../../api/error-code.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { TasteRadar } from '../../ui/TasteRadar.tsx';
import { tasteProfileQueries } from './queries.ts';
import { AFTER_TASTE_WORDS, BODY_WORDS, cardWhen, TIME_UNIT_WORDS, WATER_FLOW_WORDS } from './taste-profile-words.ts';
import { useCardStatus } from './use-card-status.ts';
import './taste-profile.css';

/** A whole taste card: picture, five senses, notes and aromas, the recipe and its steps. */
export function TasteCardPopup({ cardID, own = false, onClose }: { cardID: string; own?: boolean; onClose: () => void }) {
  const { api } = useServices();
  const card = useQuery(own ? tasteProfileQueries.ownCard(api, cardID) : tasteProfileQueries.publicCard(api, cardID));
  return (
    <Popup title={card.data?.Title ?? <Trans>Taste card</Trans>} onClose={onClose}>
      {card.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading the card…</Trans>
        </p>
      ) : card.isError ? (
        <div>
          <FormError>
            {errorCode(card.error) === ErrorCode.ObjectNotFound ? (
              <Trans>This card is not shared any more.</Trans>
            ) : (
              <Trans>The card could not be loaded.</Trans>
            )}
          </FormError>
          {errorCode(card.error) !== ErrorCode.ObjectNotFound && (
            <button type="button" className="button small" onClick={() => void card.refetch()}>
              <Trans>Try again</Trans>
            </button>
          )}
        </div>
      ) : (
        <WholeCard card={card.data} own={own} />
      )}
    </Popup>
  );
}

function WholeCard({ card, own }: { card: TasteCard; own: boolean }) {
  const pick = useBilingual();
  const { t, i18n } = useLingui();
  const status = useCardStatus();
  const archived = card.Status === 'Private';
  const notes = [...card.TasteNote.map((n) => pick(n.Name)), ...card.CustomTasteNote];
  const aromas = [...card.Aroma.map((a) => pick(a.Name)), ...card.CustomAroma];
  const recipe = recipeRows(card, i18n);
  return (
    <article className="taste-card-whole" lang={card.Language === 'zh' ? 'zh-Hant' : 'en'}>
      <img src={card.Image} alt={pick(card.Product.Name)} width={640} height={640} className="taste-card-picture" />
      <p className="muted small">
        <Link to="/product/$productID" params={{ productID: card.ProductID }}>
          {pick(card.Product.Name)}
        </Link>
        {' · '}
        <Trans>by {card.Author.Name}</Trans>
        {' · '}
        <time dateTime={card.CreatedAt} className="taste-when">{cardWhen(card.CreatedAt, i18n.locale)}</time>
      </p>
      {own && (
        <div className="taste-card-actions">
          <span className={archived ? 'badge muted' : 'badge'}>{archived ? <Trans>Archived</Trans> : <Trans>Published</Trans>}</span>
          <button type="button" className="button small" disabled={status.isPending} onClick={() => status.mutate({ card, Status: archived ? 'Published' : 'Private' })}>
            {archived ? <Trans>Unarchive</Trans> : <Trans>Archive</Trans>}
          </button>
          {status.isError && (
            <FormError>
              <Trans>The card's status could not be changed. Please try again.</Trans>
            </FormError>
          )}
        </div>
      )}
      {card.Description && <p className="taste-card-description">{card.Description}</p>}

      <section aria-labelledby={`whole-${card.CardID}-senses`}>
        <h3 id={`whole-${card.CardID}-senses`}>
          <Trans>Five senses</Trans>
        </h3>
        <TasteRadar senses={card.FiveSenses} title={t`Five senses of this card`} />
      </section>

      {notes.length > 0 && (
        <section aria-labelledby={`whole-${card.CardID}-notes`}>
          <h3 id={`whole-${card.CardID}-notes`}>
            <Trans>Taste notes</Trans>
          </h3>
          <ul className="chip-row">
            {notes.map((name) => (
              <li key={name} className="chip static">
                {name}
              </li>
            ))}
          </ul>
        </section>
      )}
      {aromas.length > 0 && (
        <section aria-labelledby={`whole-${card.CardID}-aromas`}>
          <h3 id={`whole-${card.CardID}-aromas`}>
            <Trans>Aromas</Trans>
          </h3>
          <ul className="chip-row">
            {aromas.map((name) => (
              <li key={name} className="chip static">
                {name}
              </li>
            ))}
          </ul>
        </section>
      )}
      {recipe.length > 0 && (
        <section aria-labelledby={`whole-${card.CardID}-recipe`}>
          <h3 id={`whole-${card.CardID}-recipe`}>
            <Trans>Recipe</Trans>
          </h3>
          <dl className="taste-recipe">
            {recipe.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {card.Step.length > 0 && (
        <section aria-labelledby={`whole-${card.CardID}-steps`}>
          <h3 id={`whole-${card.CardID}-steps`}>
            <Trans>Steps</Trans>
          </h3>
          <ol className="taste-steps">
            {card.Step.map((step, i) => (
              <li key={i}>{step.Text}</li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}

/** The recipe's parts that the card has, as term and value, with their units. */
function recipeRows(card: TasteCard, i18n: I18n): [string, string][] {
  const p = card.Parameter;
  const rows: [string, string][] = [];
  const water = p.Water;
  const amount = p.Amount;
  const temperature = p.Temperature;
  if (water !== undefined) rows.push([i18n._(msg`Water`), i18n._(msg`${water} ml`)]);
  if (amount !== undefined) rows.push([i18n._(msg`Amount`), i18n._(msg`${amount} g`)]);
  if (temperature !== undefined) rows.push([i18n._(msg`Temperature`), i18n._(msg`${temperature} °C`)]);
  if (p.BrewingTime) rows.push([i18n._(msg`Brewing time`), `${p.BrewingTime.Value} ${i18n._(TIME_UNIT_WORDS[p.BrewingTime.Unit])}`]);
  if (p.WaterFlow) rows.push([i18n._(msg`Water flow`), i18n._(WATER_FLOW_WORDS[p.WaterFlow])]);
  if (p.Body) rows.push([i18n._(msg`Body`), i18n._(BODY_WORDS[p.Body])]);
  if (p.AfterTaste) rows.push([i18n._(msg`After taste`), i18n._(AFTER_TASTE_WORDS[p.AfterTaste])]);
  if (p.Flavour) rows.push([i18n._(msg`Flavour`), p.Flavour]);
  if (p.Feeling) rows.push([i18n._(msg`Feeling`), p.Feeling]);
  return rows;
}
