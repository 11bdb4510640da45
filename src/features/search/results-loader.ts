import type { SearchType } from '../../../contract/index.ts';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../../app/lazy-screen.ts';
import type { AppServices } from '../../app/services.ts';
import type { ResultSearch } from './search-params.ts';

/**
 * The loader of both results routes. Its code (queries, the member check) comes with the page, a
 * chunk of its own, so the first visit only carries this line.
 */
export const resultsLoader =
  (searchType: SearchType) =>
  ({ params, deps, context }: { params: { keyword?: string | undefined }; deps: ResultSearch; context: AppServices }) =>
    withTimeout(import('./load-results.ts'), CHUNK_LOAD_TIMEOUT_MS).then((m) => m.loadResults(context, searchType, params.keyword, deps));
