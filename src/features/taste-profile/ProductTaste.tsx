import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { isLoggedIn } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { FormError } from '../../ui/Field.tsx';
import { ProductGrid } from '../../ui/ProductCard.tsx';
import { TasteRadar } from '../../ui/TasteRadar.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { tasteProfileQueries } from './queries.ts';
import { TasteCardSummary } from './TasteCardSummary.tsx';
import './taste-profile.css';

/**
 * What members have tasted in a product (issue 16), below its details: the signed-in member's match with
 * its reasons, the average five senses as a radar with the top notes, the published cards a page at a
 * time, and the products that taste alike.
 */
export function ProductTaste({ productID }: { productID: string }) {
  const { session } = useServices();
  const member = useSelector(session, isLoggedIn);
  return (
    <>
      <section aria-labelledby="taste-title" className="section taste-section">
        <h2 id="taste-title">
          <Trans>Tasting notes</Trans>
        </h2>
        {member && <Match productID={productID} />}
        <Profile productID={productID} />
        <Cards productID={productID} />
      </section>
      <Similar productID={productID} />
    </>
  );
}

function Failed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="taste-failed">
      <FormError>{children}</FormError>
      <button type="button" className="button small" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

/** "Your match: 82%" and the two or three reasons behind it; without a profile yet, how to get one. */
export function Match({ productID }: { productID: string }) {
  const { api } = useServices();
  const pick = useBilingual();
  const match = useQuery(tasteProfileQueries.match(api, productID));
  return (
    <div className="taste-match" aria-labelledby="taste-match-title" role="group">
      {match.isPending ? (
        <p className="muted" role="status" id="taste-match-title">
          <Trans>Working out your match…</Trans>
        </p>
      ) : match.isError ? (
        <Failed onRetry={() => void match.refetch()}>
          <span id="taste-match-title">
            <Trans>Your match could not be worked out.</Trans>
          </span>
        </Failed>
      ) : (
        <>
          {match.data.Score !== undefined ? (
            <p className="taste-match-score" id="taste-match-title">
              <Trans>
                Your match: <strong>{Math.round(match.data.Score)}%</strong>
              </Trans>
            </p>
          ) : (
            <p className="taste-match-score" id="taste-match-title">
              <Trans>Your match: not yet known</Trans>
            </p>
          )}
          {match.data.Reasons.length > 0 && (
            <ul className="taste-match-reasons">
              {match.data.Reasons.map((reason) => (
                <li key={reason.Code}>
                  {reason.Code === 'NoProfile' ? (
                    // The server's words ask for a personal taste survey, which has no page; and the member guide calls
                    // the entry survey "your taste profile". Say what a match needs instead: how drinks taste to them.
                    <Trans>
                      What you told us when you joined says which drinks you enjoy, not how they taste to you: a match needs a taste card of
                      yours. Write one for a drink you know, and we will work it out.
                    </Trans>
                  ) : (
                    pick(reason.Text)
                  )}
                </li>
              ))}
            </ul>
          )}
          {match.data.Score === undefined && (
            <Link to="/new_tastecard/{-$productID}" params={{ productID }} className="button small">
              <Trans>Write a taste card</Trans>
            </Link>
          )}
        </>
      )}
    </div>
  );
}

/** The product's average five senses (radar) and most named notes; none yet said in words. */
export function Profile({ productID }: { productID: string }) {
  const { api } = useServices();
  const pick = useBilingual();
  const { t } = useLingui();
  const profile = useQuery(tasteProfileQueries.productProfile(api, productID));
  if (profile.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Loading the taste profile…</Trans>
      </p>
    );
  }
  if (profile.isError) {
    return (
      <Failed onRetry={() => void profile.refetch()}>
        <Trans>The taste profile could not be loaded.</Trans>
      </Failed>
    );
  }
  const p = profile.data;
  if (p.CardCount === 0) {
    return (
      <div className="taste-empty">
        <p className="muted">
          <Trans>No one has written a taste card for this yet. Be the first.</Trans>
        </p>
        <Link to="/new_tastecard/{-$productID}" params={{ productID }} className="button small">
          <Trans>Write a taste card</Trans>
        </Link>
      </div>
    );
  }
  const count = p.CardCount;
  return (
    <div className="taste-profile">
      <TasteRadar senses={p.FiveSenses} title={t`Average five senses`} />
      <p className="muted small">
        <Plural value={count} one="Average of # taste card" other="Average of # taste cards" />
      </p>
      {p.TopTasteNotes.length > 0 && (
        <ul className="chip-row" aria-label={t`Most named notes`}>
          {p.TopTasteNotes.slice(0, 6).map(({ TasteNote, Count }) => (
            <li key={TasteNote.TasteNoteID} className="chip static">
              {pick(TasteNote.Name)} <span className="muted">×{Count}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The product's published cards, newest first, a few at a time. */
export function Cards({ productID }: { productID: string }) {
  const { api } = useServices();
  const cards = useInfiniteQuery(tasteProfileQueries.productCards(api, productID));
  return (
    <div className="taste-cards" aria-labelledby="taste-cards-title" role="region">
      <h3 id="taste-cards-title">
        <Trans>Taste cards</Trans>
      </h3>
      {cards.isPending ? (
        <p className="muted" role="status">
          <Trans>Loading taste cards…</Trans>
        </p>
      ) : cards.isError ? (
        <Failed onRetry={() => void cards.refetch()}>
          <Trans>The taste cards could not be loaded.</Trans>
        </Failed>
      ) : cards.data.pages[0]!.Total === 0 ? (
        <p className="muted">
          <Trans>No taste cards yet.</Trans>
        </p>
      ) : (
        <>
          <ul className="taste-card-list">
            {cards.data.pages
              .flatMap((page) => page.CardList)
              .map((card) => (
                <li key={card.CardID}>
                  <TasteCardSummary card={card} />
                </li>
              ))}
          </ul>
          <ShownOf shown={cards.data.pages.reduce((n, page) => n + page.CardList.length, 0)} total={cards.data.pages.at(-1)!.Total} />
          {cards.hasNextPage && (
            <button type="button" className="button small" disabled={cards.isFetchingNextPage} onClick={() => void cards.fetchNextPage()}>
              {cards.isFetchingNextPage ? <Trans>Loading more cards…</Trans> : <Trans>More taste cards</Trans>}
            </button>
          )}
        </>
      )}
    </div>
  );
}

function ShownOf({ shown, total }: { shown: number; total: number }) {
  return (
    <p className="muted small" role="status">
      <Trans>
        Showing {shown} of {total}
      </Trans>
    </p>
  );
}

/** Products whose published cards taste closest to this one's, closest first, with how alike. */
export function Similar({ productID }: { productID: string }) {
  const { api } = useServices();
  const currency = useCurrency();
  const similar = useQuery(tasteProfileQueries.similar(api, productID, currency));
  const similarity = new Map(similar.data?.map((s) => [s.Product.ProductID, s.Similarity]));
  return (
    <section aria-labelledby="similar-title" className="section taste-similar">
      <h2 id="similar-title">
        <Trans>Similar products</Trans>
      </h2>
      {similar.isPending ? (
        <p className="muted" role="status">
          <Trans>Looking for drinks that taste alike…</Trans>
        </p>
      ) : similar.isError ? (
        <Failed onRetry={() => void similar.refetch()}>
          <Trans>Similar products could not be loaded.</Trans>
        </Failed>
      ) : similar.data.length === 0 ? (
        <p className="muted">
          <Trans>Not enough taste cards yet to find drinks that taste alike.</Trans>
        </p>
      ) : (
        <ProductGrid
          products={similar.data.map((s) => s.Product)}
          cardAction={(card) => {
            const percent = Math.round(similarity.get(card.ProductID) ?? 0);
            return (
              <p className="taste-similarity">
                <Trans>{percent}% alike</Trans>
              </p>
            );
          }}
        />
      )}
    </section>
  );
}
