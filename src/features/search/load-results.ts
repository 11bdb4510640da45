import { isLoggedIn } from '../../../machines/session/session.selectors.ts';
import type { AppServices } from '../../app/services.ts';
import { sessionSettled } from '../../app/session.ts';
import type { SearchType } from '../../../contract/index.ts';
import { keywordOf, resultFilters, searchQueries } from './queries.ts';
import type { ResultSearch } from './search-params.ts';

/** The loader of both results routes; it loads with the page, so the first visit does not carry it. */
export async function loadResults(
  context: AppServices,
  searchType: SearchType,
  keyword: string | undefined,
  search: ResultSearch,
): Promise<void> {
  const { api, queryClient, preferences, session } = context;
  const [currency] = await Promise.all([preferences.resolveCurrency(), sessionSettled(session)]);
  await queryClient.ensureInfiniteQueryData(
    searchQueries.results(
      api,
      {
        member: isLoggedIn(session.getSnapshot()),
        searchType,
        Currency: currency,
        Keyword: keywordOf(keyword),
        filters: resultFilters(search, searchType),
      },
    ),
  );
}
