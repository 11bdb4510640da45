import type { SearchType } from '../../../contract/index.ts';
import { definePopups } from '../../app/popup-registry.ts';
import type { ResultFilters } from './queries.ts';

/** The search popups: their props (added to the app's PopupProps) and their components, each loaded on demand. */
declare module '../../app/popups.ts' {
  interface PopupProps {
    /** Opened on a results page, it starts from that page's keyword and kind of search. */
    search: { keyword?: string; searchType?: SearchType };
    filterSort: { searchType: SearchType; keyword: string; filters: ResultFilters };
  }
}

export const popups = definePopups({
  search: () => import('./SearchPopup.tsx').then((m) => m.SearchPopup),
  filterSort: () => import('./FilterSortPopup.tsx').then((m) => m.FilterSortPopup),
});
