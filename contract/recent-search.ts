/** Spec §9: recent searches kept per member (and per visitor, locally). */
export const RECENT_SEARCH_LIMIT = 5;

/**
 * Spec §5 recent-search rules, shared by the server (members) and the SPA (visitors): an empty keyword
 * is ignored, a repeat (case-insensitive) moves to the front, newest first, at most 5 kept.
 */
export function pushRecentSearch(list: readonly string[], keyword: string): string[] {
  const entry = keyword.trim().replace(/\s+/g, ' ');
  if (!entry) return [...list];
  const key = entry.toLowerCase();
  return [entry, ...list.filter((k) => k.toLowerCase() !== key)].slice(0, RECENT_SEARCH_LIMIT);
}
