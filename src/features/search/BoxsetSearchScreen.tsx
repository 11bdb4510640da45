import { Trans } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { keywordOf, resultFilters } from './queries.ts';
import { SearchResults } from './SearchResultScreen.tsx';

const route = getRouteApi('/search_boxset/{-$keyword}');

/** Box sets, searchable by keyword (spec §2 search_boxset): the shared results page with the type forced to box set. */
export function BoxsetSearchScreen() {
  const { keyword } = route.useParams();
  const filters = resultFilters(route.useSearch(), 'boxset');
  const term = keywordOf(keyword);
  return (
    <SearchResults
      searchType="boxset"
      keyword={term}
      // The type is forced (and its filter hidden); a type in a hand-made URL is ignored.
      filters={filters}
      title={term ? <Trans>Box sets for “{term}”</Trans> : <Trans>Sensory box sets</Trans>}
      intro={<Trans>Curated sets to taste side by side, at home or with friends.</Trans>}
    />
  );
}
