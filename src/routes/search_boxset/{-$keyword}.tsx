import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { paidMemberCheck } from '../../app/guards.ts';
import { lazyScreen } from '../../app/lazy-screen.ts';
import { resultsLoader } from '../../features/search/results-loader.ts';
import { ResultSearchParams } from '../../features/search/search-params.ts';

/** Spec §2: box-set search, behind the paid-member check; the product type is forced to box set. */
export const Route = createFileRoute('/search_boxset/{-$keyword}')({
  beforeLoad: paidMemberCheck,
  staticData: {
    title: ({ params, translate }) => (params.keyword ? translate(msg`Box sets for “${params.keyword}”`) : translate(msg`Box sets`)),
  },
  validateSearch: ResultSearchParams,
  loaderDeps: ({ search }) => search,
  loader: resultsLoader('boxset'),
  component: lazyScreen(() => import('../../features/search/BoxsetSearchScreen.tsx'), 'BoxsetSearchScreen'),
});
