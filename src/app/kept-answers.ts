/**
 * Issue 29 (6): what a page showed is kept on the device, so a visited product, event, post, ticket or order
 * opens offline, marked as possibly out of date, instead of "This page could not be loaded". The service worker
 * keeps the page itself (src/sw/sw.ts); this keeps its data.
 *
 * Every query's fetch passes through a small React Query persister (kept-answers-persister.ts, in the first
 * load); this module, loaded only once there is something to keep or to read, decides which answers are kept
 * and keeps them. Online, nothing is read from the device: pages show the shop's answers as before.
 *
 * Copies are sealed with the id cookie like every stored local state (spec §9, encrypted-storage.ts), under a
 * digest of the query's key, and a member's copies are removed when the session ends (services.ts).
 */
import type { QueryKey } from '@tanstack/react-query';
import { cookieId } from './cookie-id.ts';
import { encryptedStorage, type EncryptedStorage, type KeyValueStorage } from './encrypted-storage.ts';

/** Queries whose answers make a page worth opening offline: pages people come back to, not searches as they type. */
const KEPT_PUBLIC = new Set([
  'banners', 'bestSellers', 'content', 'defaultCurrency', 'event', 'footer', 'information', 'inspiration', 'inspirationTitle',
  'navigationMenu', 'newInSection', 'product', 'productBanners', 'productSearch', 'productType', 'productTypes',
  'relatedProducts', 'searchFilters', 'similarByTaste', 'subscriptionPlans', 'tasteCard', 'tasteCards',
  'tasteProfile', 'ticket', 'upcomingEvents',
]);
/** A member's own pages (keys ['member', <what>, …]). Not what decides a payment: coupons, cards, unpaid orders. */
const KEPT_MEMBER = new Set([
  'dailySip', 'eventOrder', 'eventOrders', 'eventRecord', 'eventRecords', 'inspiration', 'memberGuide',
  'productOrder', 'productOrders', 'recommendedProducts', 'subscriptionOrder', 'subscriptionRecords',
  'surveySummary', 'tasteCard', 'tasteCards', 'tasteMatch', 'userProducts', 'wishlist',
]);

/** At most this many copies are kept; the oldest go first. */
export const KEPT_ANSWERS_LIMIT = 120;
/** A copy older than this is not shown. */
export const KEPT_ANSWERS_MAX_AGE_MS = 30 * 24 * 3600 * 1000;

const INDEX_KEY = 'sg-kept-index';
const COPY_PREFIX = 'sg-kept:';

const isMemberKey = (key: QueryKey) => key[0] === 'member';

function isKeptOffline(key: QueryKey): boolean {
  const [first, second] = key;
  if (first === 'member') return typeof second === 'string' && KEPT_MEMBER.has(second);
  return typeof first === 'string' && KEPT_PUBLIC.has(first);
}

interface IndexEntry {
  /** The copy's name: a digest of the query's hash, so the index does not list ids in plain. */
  name: string;
  savedAt: number;
  member: boolean;
}

export interface KeptCopy {
  data: unknown;
  savedAt: number;
}

export interface KeptAnswers {
  save(queryHash: string, data: unknown, member: boolean): Promise<void>;
  read(queryHash: string): Promise<KeptCopy | undefined>;
  /** Whether answers under this key are kept at all. */
  isKept(queryKey: QueryKey): boolean;
  /** Keeps a query's answer, if its key is one kept. */
  keep(queryKey: QueryKey, queryHash: string, data: unknown): Promise<void>;
  /** The kept copy of a query's answer, if its key is one kept and there is one. */
  copyOf(queryKey: QueryKey, queryHash: string): Promise<KeptCopy | undefined>;
  /** Removes the member's copies (the session ended); public pages stay. */
  forgetMember(): void;
}

async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes).slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Kept copies in sealed storage (localStorage in the browser), with a small index to bound and clear them. */
export function keptAnswers(options: { sealed: () => Promise<EncryptedStorage>; plain: KeyValueStorage; now?: () => number }): KeptAnswers {
  const { plain } = options;
  const now = options.now ?? Date.now;
  let sealedOnce: Promise<EncryptedStorage> | undefined;
  const sealed = () => (sealedOnce ??= options.sealed());
  // Counts the sessions that ended: a save that began before the last one does not keep a member's copy.
  let generation = 0;
  const readIndex = (): IndexEntry[] => {
    try {
      const parsed = JSON.parse(plain.getItem(INDEX_KEY) ?? '[]') as unknown;
      return Array.isArray(parsed) ? (parsed as IndexEntry[]) : [];
    } catch {
      return [];
    }
  };
  const writeIndex = (entries: IndexEntry[]) => plain.setItem(INDEX_KEY, JSON.stringify(entries));
  // Removing needs no key: straight from the plain storage.
  const drop = (entries: IndexEntry[]) => {
    for (const entry of entries) plain.removeItem(COPY_PREFIX + entry.name);
  };

  const api: KeptAnswers = {
    isKept: isKeptOffline,
    keep: (queryKey, queryHash, data) => (isKeptOffline(queryKey) ? api.save(queryHash, data, isMemberKey(queryKey)) : Promise.resolve()),
    copyOf: (queryKey, queryHash) => (isKeptOffline(queryKey) ? api.read(queryHash) : Promise.resolve(undefined)),
    async save(queryHash, data, member) {
      const started = generation;
      const name = await digest(queryHash);
      const savedAt = now();
      // Listed before it is written, so that ending the session always finds a member's copy to remove. Read,
      // changed and written at once: saves under way cannot undo each other's entries.
      const index = [...readIndex().filter((entry) => entry.name !== name), { name, savedAt, member }].sort((a, b) => b.savedAt - a.savedAt);
      drop(index.slice(KEPT_ANSWERS_LIMIT));
      writeIndex(index.slice(0, KEPT_ANSWERS_LIMIT));
      try {
        await (await sealed()).write(COPY_PREFIX + name, { savedAt, data });
      } catch {
        // The device is full: the older half goes, and this copy is not kept this time.
        const entries = readIndex().filter((entry) => entry.name !== name);
        drop(entries.slice(entries.length >> 1));
        writeIndex(entries.slice(0, entries.length >> 1));
        return;
      }
      // A member's copy written while the session ended is not theirs to keep.
      if (member && started !== generation) plain.removeItem(COPY_PREFIX + name);
    },
    async read(queryHash) {
      const copy = await (await sealed()).read<KeptCopy>(COPY_PREFIX + (await digest(queryHash)));
      if (!copy || now() - copy.savedAt > KEPT_ANSWERS_MAX_AGE_MS) return undefined;
      return copy;
    },
    forgetMember() {
      generation += 1;
      const index = readIndex();
      drop(index.filter((entry) => entry.member));
      writeIndex(index.filter((entry) => !entry.member));
    },
  };
  return api;
}

/** This browser's kept answers, in localStorage sealed with the id cookie; none without Web Crypto. */
export function browserKeptAnswers(storage: KeyValueStorage): KeptAnswers | undefined {
  if (typeof crypto === 'undefined' || crypto.subtle === undefined) return undefined;
  return keptAnswers({
    plain: storage,
    sealed: async () => encryptedStorage({ secret: cookieId(), purpose: 'kept-answers', storage }),
  });
}
