import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { InspirationSort, MediaType } from '../../../contract/index.ts';
import { useServices } from '../../app/services.ts';
import { PostGrid } from './PostCard.tsx';
import { inspirationQueries, LIST_PAGE, type InspirationSearch } from './queries.ts';
import { useViewer } from './viewer.ts';
import './inspiration.css';

const route = getRouteApi('/inspiration/');

/** The inspiration list (our route /inspiration): every published post, searched and filtered (spec §6, §7). */
export function ListScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/inspiration/' });
  const { api, popups } = useServices();
  const { viewer, loggedIn, userID } = useViewer();
  const { t } = useLingui();
  const id = useId();
  const [size, setSize] = useState(LIST_PAGE);
  const [keyword, setKeyword] = useState(search.q ?? '');
  useEffect(() => setKeyword(search.q ?? ''), [search.q]);
  useEffect(() => setSize(LIST_PAGE), [search.q, search.tag, search.sort, search.media]);
  const results = useQuery(inspirationQueries.search(api, search, viewer, size));
  const set = (change: Partial<InspirationSearch>) =>
    void navigate({ search: (prev: InspirationSearch) => clean({ ...prev, ...change }), replace: true, resetScroll: false });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set({ q: keyword.trim() || undefined });
  };
  const total = results.data?.Total ?? 0;
  const posts = results.data?.InspirationList ?? [];
  return (
    <div className="page inspiration-list-page">
      <header className="page-head inspiration-head">
        <div>
          <h1>
            <Trans>Inspiration</Trans>
          </h1>
          <p>
            <Trans>How our members brew, pour and gather</Trans>
          </p>
        </div>
        <div className="inspiration-head-actions">
          {loggedIn && userID && (
            <>
              <button type="button" className="button small" onClick={() => popups.open('savedInspiration')}>
                <Trans>Saved</Trans>
              </button>
              <Link to="/user/$userID" params={{ userID }} className="button small">
                <Trans>My posts</Trans>
              </Link>
            </>
          )}
          <Link to="/new_inspiration" className="button primary small">
            <Trans>New post</Trans>
          </Link>
        </div>
      </header>
      <form className="inspiration-search" role="search" onSubmit={submit}>
        <label htmlFor={`${id}-q`} className="visually-hidden">
          <Trans>Search posts</Trans>
        </label>
        <input id={`${id}-q`} type="search" value={keyword} placeholder={t`Search posts, tags, products`} onChange={(e) => setKeyword(e.target.value)} />
        <button type="submit" className="button small">
          <Trans>Search</Trans>
        </button>
      </form>
      <div className="inspiration-filters">
        <label className="inline-field">
          <span>
            <Trans>Sort</Trans>
          </span>
          <select value={search.sort ?? ''} onChange={(e) => set({ sort: (e.target.value || undefined) as InspirationSort | undefined })}>
            <option value="">{search.q ? t`Most relevant` : t`Newest`}</option>
            {search.q && <option value="newest">{t`Newest`}</option>}
            <option value="popular">{t`Popular`}</option>
            <option value="mostLiked">{t`Most liked`}</option>
          </select>
        </label>
        <label className="inline-field">
          <span>
            <Trans>Show</Trans>
          </span>
          <select value={search.media ?? ''} onChange={(e) => set({ media: (e.target.value || undefined) as MediaType | undefined })}>
            <option value="">{t`All posts`}</option>
            <option value="image">{t`Pictures only`}</option>
            <option value="video">{t`With video`}</option>
          </select>
        </label>
        {search.tag && (
          <button type="button" className="chip" onClick={() => set({ tag: undefined })} aria-label={t`Remove tag ${search.tag}`}>
            #{search.tag} ×
          </button>
        )}
      </div>
      <p className="muted small" role="status">
        {results.data && <Plural value={total} one="# post" other="# posts" />}
      </p>
      {results.isPending && (
        <p className="muted">
          <Trans>Loading posts…</Trans>
        </p>
      )}
      {results.isError && (
        <p role="alert">
          <Trans>The posts could not be loaded.</Trans>{' '}
          <button type="button" className="link-button" onClick={() => void results.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {results.data && posts.length === 0 && (
        <p className="empty-state">
          <Trans>No posts match. Try another word or fewer filters.</Trans>
        </p>
      )}
      {posts.length > 0 && <PostGrid posts={posts} label={t`Posts`} />}
      {posts.length < total && (
        <p className="more-row">
          <button type="button" className="button" onClick={() => setSize((s) => s + LIST_PAGE)} disabled={results.isFetching}>
            {results.isFetching ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
          </button>
        </p>
      )}
    </div>
  );
}

function clean(search: InspirationSearch): InspirationSearch {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== '')) as InspirationSearch;
}
