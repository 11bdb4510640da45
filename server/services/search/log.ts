/**
 * The search log: every submitted search, with who searched (the member, else the network searched from)
 * and how many products it found. The lists every visitor sees (trending.ts, autocomplete.ts) are counted
 * from it.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Db } from '../../db/client.ts';
import { searchLogs } from '../../db/schema.ts';
import { normaliseKeyword } from './keywords.ts';

export interface LoggedSearch {
  keyword: string;
  userId?: string;
  cookieId?: string;
  /** The client's address as the server could tell it (the call context's clientIp). */
  clientIp?: string;
  resultCount: number;
  at: Date;
}

/**
 * Records a submitted search (normalised keyword) for the hot-keyword lists, with the network it came from
 * (searcherNetwork); an empty keyword is not logged.
 */
export async function logSearch(db: Db, search: LoggedSearch): Promise<void> {
  const keyword = normaliseKeyword(search.keyword);
  if (!keyword) return;
  await db.insert(searchLogs).values({
    keyword,
    userId: search.userId ?? null,
    cookieId: search.cookieId || null,
    clientIp: searcherNetwork(search.clientIp),
    resultCount: search.resultCount,
    createdAt: search.at,
  });
}

/**
 * The network a searcher is counted by: an IPv4 address as it is (also written IPv4-mapped, as Node gives it
 * on a dual-stack socket); an IPv6 address as its /64, one subscriber's network, in which a host may take
 * any address it likes; null for what is not an address.
 */
export function searcherNetwork(address: string | undefined): string | null {
  // A zone ("fe80::1%eth0") names our interface, not the client.
  const plain = address?.trim().replace(/%.*$/, '') ?? '';
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return null;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address; the URL parser writes it with one "::" at most and no dotted tail. */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const groupsOf = (text: string | undefined) => (text ? text.split(':').map((g) => parseInt(g, 16)) : []);
  const [left, right] = [groupsOf(head), groupsOf(tail)];
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
