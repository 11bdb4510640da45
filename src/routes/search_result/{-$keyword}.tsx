import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../app/lazy-screen.ts';
import { resultsLoader } from '../../features/search/results-loader.ts';
import { ResultSearchParams } from '../../features/search/search-params.ts';

/** Spec §2 search_result: products matching a keyword, with filters and sort kept in the URL. */
export const Route = createFileRoute('/search_result/{-$keyword}')({
  staticData: {
    title: ({ params, translate }) => (params.keyword ? translate(msg`Search results for “${params.keyword}”`) : translate(msg`Search`)),
  },
  validateSearch: ResultSearchParams,
  loaderDeps: ({ search }) => search,
  loader: resultsLoader('product'),
  component: lazyScreen(() => import('../../features/search/SearchResultScreen.tsx'), 'SearchResultScreen'),
});
