import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { TasteCard, TasteCardStatus } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { FormError } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { tasteProfileQueries } from './queries.ts';
import { TasteCardSummary } from './TasteCardSummary.tsx';
import { useCardStatus } from './use-card-status.ts';
import './taste-profile.css';

/** The drinks a card can be about (the catalogue's product types that are drunk or burnt). */
const DRINK_TYPES = ['tea', 'coffee', 'incense', 'spirits'] as const;

/** The member's own taste cards, any status, narrowed by drink and status; each can be archived or unarchived. */
export function MyTasteCardsPopup({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [productType, setProductType] = useState<string>('');
  const [status, setStatus] = useState<TasteCardStatus | ''>('');
  const typeNames: Record<(typeof DRINK_TYPES)[number], string> = { tea: t`Tea`, coffee: t`Coffee`, incense: t`Incense`, spirits: t`Spirits` };
  return (
    <Popup title={<Trans>My taste cards</Trans>} onClose={onClose}>
      <div className="taste-filters" role="group" aria-label={t`Show`}>
        <div className="field">
          <label htmlFor={`${id}-type`}>
            <Trans>Drink</Trans>
          </label>
          <select id={`${id}-type`} value={productType} onChange={(e) => setProductType(e.target.value)}>
            <option value="">{t`All drinks`}</option>
            {DRINK_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeNames[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>
            <Trans>Status</Trans>
          </label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as TasteCardStatus | '')}>
            <option value="">{t`All cards`}</option>
            <option value="Published">{t`Published`}</option>
            <option value="Private">{t`Archived`}</option>
          </select>
        </div>
      </div>
      <CardList productType={productType || undefined} status={status || undefined} onClose={onClose} />
    </Popup>
  );
}

function CardList({ productType, status, onClose }: { productType?: string; status?: TasteCardStatus; onClose: () => void }) {
  const { api } = useServices();
  const list = useInfiniteQuery(tasteProfileQueries.userCards(api, { ...(productType ? { ProductType: productType } : {}), ...(status ? { Status: status } : {}) }));
  if (list.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Loading your taste cards…</Trans>
      </p>
    );
  }
  if (list.isError) {
    return (
      <div>
        <FormError>
          <Trans>Your taste cards could not be loaded.</Trans>
        </FormError>
        <button type="button" className="button small" onClick={() => void list.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  const cards = list.data.pages.flatMap((p) => p.CardList);
  const total = list.data.pages.at(-1)?.Total ?? 0;
  if (cards.length === 0) {
    const filtered = productType !== undefined || status !== undefined;
    return (
      <div className="taste-empty">
        <p className="muted">
          {filtered ? <Trans>No cards match these choices.</Trans> : <Trans>You have not written a taste card yet.</Trans>}
        </p>
        {!filtered && (
          <Link to="/daily_sip/select_product" className="button small" onClick={onClose}>
            <Trans>Write today's card</Trans>
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      <p className="muted small" role="status">
        <Plural value={total} one="# card" other="# cards" />
      </p>
      <ul className="taste-card-list">
        {cards.map((card) => (
          <li key={card.CardID}>
            <TasteCardSummary card={card} own showProduct actions={<CardActions card={card} onClose={onClose} />} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="button small wide" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? <Trans>Loading more cards…</Trans> : <Trans>More cards</Trans>}
        </button>
      )}
    </>
  );
}

/** A card's status, and archive (Private: gone from every public page) or unarchive (Published again). */
function CardActions({ card, onClose }: { card: TasteCard; onClose: () => void }) {
  const status = useCardStatus();
  const archived = card.Status === 'Private';
  return (
    <div className="taste-card-actions">
      <span className={archived ? 'badge muted' : 'badge'}>{archived ? <Trans>Archived</Trans> : <Trans>Published</Trans>}</span>
      <button
        type="button"
        className="button small"
        disabled={status.isPending}
        onClick={() => status.mutate({ card, Status: archived ? 'Published' : 'Private' })}
      >
        {archived ? <Trans>Unarchive</Trans> : <Trans>Archive</Trans>}
      </button>
      <Link to="/product/$productID" params={{ productID: card.ProductID }} className="small" onClick={onClose}>
        <Trans>Product page</Trans>
      </Link>
      {status.isError && (
        <FormError>
          {archived ? <Trans>The card could not be unarchived. Please try again.</Trans> : <Trans>The card could not be archived. Please try again.</Trans>}
        </FormError>
      )}
    </div>
  );
}
