/**
 * The post editor's later steps, products and details (EditorScreen.tsx): a chunk of their own, fetched once the
 * editor shows, so that its first load is the first step's (DESIGN §10).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useState, type KeyboardEvent } from 'react';
import * as editor from '../../../machines/inspiration-editor/inspiration-editor.selectors.ts';
import { DESCRIPTION_MAX, MAX_PRODUCTS, TITLE_MAX } from '../../../machines/inspiration-editor/inspiration-editor.types.ts';
import { useServices } from '../../app/services.ts';
import { useBilingual } from '../../ui/Bilingual.tsx';
import { useCurrency } from '../../ui/use-currency.ts';
import { Problems } from './EditorProblems.tsx';
import type { EditorActor } from './inspiration.actors.ts';
import { inspirationQueries } from './queries.ts';

export function ProductsStep({ actor }: { actor: EditorActor }) {
  const { api } = useServices();
  const { t } = useLingui();
  const pick = useBilingual();
  const currency = useCurrency();
  const id = useId();
  const products = useSelector(actor, editor.products);
  const [keyword, setKeyword] = useState('');
  const [asked, setAsked] = useState('');
  const results = useQuery(inspirationQueries.productSearch(api, asked, currency));
  return (
    <>
      <p className="muted small">
        <Trans>Optional: up to {MAX_PRODUCTS} products from the shop that appear in your post.</Trans>
      </p>
      {products.length > 0 && (
        <ul className="editor-products" aria-label={t`Products in the post`}>
          {products.map((p) => (
            <li key={p.ProductID}>
              <img src={p.Image} alt="" width={48} height={48} />
              <span>{pick(p.Name)}</span>
              <button type="button" className="link-button" onClick={() => actor.send({ type: 'REMOVE_PRODUCT', productID: p.ProductID })} aria-label={t`Remove ${pick(p.Name)}`}>
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="inspiration-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(keyword.trim());
        }}
      >
        <label htmlFor={`${id}-q`} className="visually-hidden">
          <Trans>Search the shop</Trans>
        </label>
        <input id={`${id}-q`} type="search" value={keyword} placeholder={t`Search the shop, e.g. oolong`} onChange={(e) => setKeyword(e.target.value)} />
        <button type="submit" className="button small">
          <Trans>Search</Trans>
        </button>
      </form>
      {results.isFetching && (
        <p className="muted small" role="status">
          <Trans>Searching…</Trans>
        </p>
      )}
      {results.data && results.data.length === 0 && (
        <p className="muted">
          <Trans>No products found.</Trans>
        </p>
      )}
      {results.data && results.data.length > 0 && (
        <ul className="editor-products results" aria-label={t`Search results`}>
          {results.data.map((p) => {
            const added = products.some((x) => x.ProductID === p.ProductID);
            return (
              <li key={p.ProductID}>
                <img src={p.Image} alt="" width={48} height={48} loading="lazy" />
                <span>{pick(p.Name)}</span>
                <button
                  type="button"
                  className="button small"
                  disabled={added || products.length >= MAX_PRODUCTS}
                  onClick={() => actor.send({ type: 'ADD_PRODUCT', product: { ProductID: p.ProductID, ProductTypeID: p.ProductTypeID, Name: p.Name, Image: p.Image } })}
                  aria-label={added ? t`${pick(p.Name)} added` : t`Add ${pick(p.Name)}`}
                >
                  {added ? <Trans>Added</Trans> : <Trans>Add</Trans>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export function DetailsStep({ actor }: { actor: EditorActor }) {
  const { t } = useLingui();
  const id = useId();
  const details = useSelector(actor, editor.details);
  const tagProblem = useSelector(actor, editor.tagProblem);
  const problems = useSelector(actor, editor.shownProblems);
  const [tag, setTag] = useState('');
  const addTag = () => {
    if (tag.trim() === '') return;
    actor.send({ type: 'ADD_TAG', tag });
    setTag('');
  };
  const onTagKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      addTag();
    }
  };
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-title`}>
          <Trans context="a post's title">Title</Trans>
        </label>
        <input id={`${id}-title`} value={details.title} maxLength={TITLE_MAX} onChange={(e) => actor.send({ type: 'SET_DETAILS', title: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          <Trans>Description</Trans>
        </label>
        <textarea
          id={`${id}-description`}
          rows={5}
          value={details.description}
          maxLength={DESCRIPTION_MAX}
          onChange={(e) => actor.send({ type: 'SET_DETAILS', description: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-tag`}>
          <Trans>Tags</Trans>
        </label>
        <span className="tag-input">
          <input id={`${id}-tag`} value={tag} placeholder={t`e.g. oolong`} onChange={(e) => setTag(e.target.value)} onKeyDown={onTagKey} />
          <button type="button" className="button small" onClick={addTag}>
            <Trans>Add tag</Trans>
          </button>
        </span>
        {tagProblem && (
          <p className="form-error small" role="alert">
            {tagProblem === 'duplicate' ? t`That tag is already there.` : tagProblem === 'tooLong' ? t`A tag has at most 30 characters.` : t`At most 10 tags.`}
          </p>
        )}
        {details.tags.length > 0 && (
          <ul className="chip-row" aria-label={t`Tags`}>
            {details.tags.map((x) => (
              <li key={x}>
                <button type="button" className="chip" onClick={() => actor.send({ type: 'REMOVE_TAG', tag: x })} aria-label={t`Remove tag ${x}`}>
                  #{x} ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Problems problems={problems} />
    </>
  );
}
