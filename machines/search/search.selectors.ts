import type { SnapshotFrom } from 'xstate';
import type { searchMachine } from './search.machine.ts';
import type { CallCode, Recommendation, SearchOutput } from './search.types.ts';

export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

/** What the search field holds. */
export const keyword = (s: SearchSnapshot): string => s.context.keyword;

/** Show the recent searches and hot lists (nothing new typed yet, or the field was emptied). */
export const showsStartLists = (s: SearchSnapshot): boolean => s.matches('idle');

/** Show the suggestion list under the field (it may still hold the previous keystroke's suggestions). */
export const showsSuggestions = (s: SearchSnapshot): boolean => s.matches('editing');

/** The suggestions to list; empty unless suggestions show. */
export const suggestions = (s: SearchSnapshot): readonly Recommendation[] => (s.matches('editing') ? s.context.suggestions : []);

/** The keyword the listed suggestions belong to. */
export const suggestionsFor = (s: SearchSnapshot): string => s.context.suggestionsFor;

/** Suggestions for the typed keyword are being fetched. */
export const isLoadingSuggestions = (s: SearchSnapshot): boolean => s.hasTag('loadingSuggestions');

/** Suggestions came back for the typed keyword and there are none. */
export const hasNoSuggestions = (s: SearchSnapshot): boolean =>
  s.matches({ editing: 'suggestionsShown' }) && s.context.suggestions.length === 0;

/** Suggestions could not be loaded this time (typing on asks again). */
export const suggestionsUnavailable = (s: SearchSnapshot): boolean => s.matches({ editing: 'suggestionsFailed' });

/** The search is running: disable the field and show the loader. */
export const isSearching = (s: SearchSnapshot): boolean => s.hasTag('busy');

/** Why the last search failed (spec §8 code, or 'NetworkError'); undefined unless it failed. */
export const searchError = (s: SearchSnapshot): CallCode | undefined => (s.matches('searchFailed') ? s.context.errorCode : undefined);

/** Whether submitting this keyword would search (an empty keyword does nothing). */
export const canSubmit = (s: SearchSnapshot, keyword: string): boolean => s.can({ type: 'SUBMIT', keyword });

/** Where to go once the search ran; undefined before. */
export const submittedSearch = (s: SearchSnapshot): SearchOutput | undefined => (s.status === 'done' ? s.output : undefined);
