import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo, useSyncExternalStore } from 'react';
import { delUserRecentSearch, pushRecentSearch, RECENT_SEARCH_LIMIT } from '../../../contract/index.ts';
import * as sessionState from '../../../machines/session/session.selectors.ts';
import { cookieId } from '../../app/cookie-id.ts';
import { useServices } from '../../app/services.ts';
import { createStore, type Store } from '../../app/store.ts';
import { searchQueries } from './queries.ts';

type LocalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where a visitor's recent searches are kept: under their anonymous id (spec §3, §9). */
export const localRecentSearchKey = (visitorId: string) => `sg.recentSearches.${visitorId}`;

export interface LocalRecentSearches extends Store<readonly string[]> {
  /** Spec §5: empty ignored, newest first, a repeat moves to the front, at most 5. */
  push(keyword: string): void;
  remove(keyword: string): void;
  clear(): void;
}

function readList(storage: LocalStorage, key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((k): k is string => typeof k === 'string' && k.trim() !== '').slice(0, RECENT_SEARCH_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** A visitor's recent searches in this browser's storage. */
export function createLocalRecentSearches(storage: LocalStorage, visitorId: string): LocalRecentSearches {
  const key = localRecentSearchKey(visitorId);
  const store = createStore<readonly string[]>(readList(storage, key));
  const save = (list: readonly string[]) => {
    if (list.length) storage.setItem(key, JSON.stringify(list));
    else storage.removeItem(key);
    store.set(list);
  };
  return {
    ...store,
    push: (keyword) => save(pushRecentSearch(store.get(), keyword)),
    remove: (keyword) => save(store.get().filter((k) => k.toLowerCase() !== keyword.toLowerCase())),
    clear: () => save([]),
  };
}

export interface RecentSearches {
  member: boolean;
  /** Newest first; undefined while a member's list loads. */
  list: readonly string[] | undefined;
  /** A member's list could not be loaded or changed. */
  failed: boolean;
  /** After a search: the member's list as searchProduct returned it, or the keyword pushed locally. */
  record(keyword: string, serverList: readonly string[] | undefined): void;
  remove(keyword: string): void;
  clear(): void;
}

/** Recent searches: kept locally for visitors, on the server for members (spec §5). */
export function useRecentSearches(): RecentSearches {
  const { api, session, storage } = useServices();
  const queryClient = useQueryClient();
  const member = useSelector(session, sessionState.isLoggedIn);
  const local = useMemo(() => createLocalRecentSearches(storage, cookieId()), [storage]);
  const localList = useSyncExternalStore(local.subscribe, local.get, local.get);
  const recentQuery = searchQueries.recentSearches(api);
  const server = useQuery({ ...recentQuery, enabled: member, meta: { handlesErrors: true } });
  const deletion = useMutation({
    mutationFn: (Keyword: string | undefined) => api.call(delUserRecentSearch, Keyword === undefined ? {} : { Keyword }),
    meta: { handlesErrors: true },
    onSuccess: (r) => queryClient.setQueryData(recentQuery.queryKey, r.RecentSearchList),
  });
  if (!member) {
    return {
      member,
      list: localList,
      failed: false,
      record: (keyword) => local.push(keyword),
      remove: local.remove,
      clear: local.clear,
    };
  }
  return {
    member,
    list: server.data,
    failed: server.isError || deletion.isError,
    record: (_keyword, serverList) => {
      if (serverList) queryClient.setQueryData(recentQuery.queryKey, [...serverList]);
      else void queryClient.invalidateQueries({ queryKey: recentQuery.queryKey });
    },
    remove: (keyword) => deletion.mutate(keyword),
    clear: () => deletion.mutate(undefined),
  };
}
