import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type {
  CallResult,
  GetAutocompleteRecommendInput,
  GetAutocompleteRecommendOutput,
  SearchContext,
  SearchEvent,
  SearchInput,
  SearchOutput,
  SearchProductInput,
  SearchProductOutput,
  SearchTag,
} from './search.types.ts';
import { NETWORK_ERROR } from './search.types.ts';

/** Spaces trimmed and collapsed: what a keyword means, however it was typed. */
const tidy = (keyword: string) => keyword.trim().replace(/\s+/g, ' ');

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
    output: {} as SearchOutput,
    tags: {} as SearchTag,
  },
  actors: {
    getAutocompleteRecommend: fromPromise<CallResult<GetAutocompleteRecommendOutput>, GetAutocompleteRecommendInput>(async () => {
      throw new Error('getAutocompleteRecommend not provided');
    }),
    searchProduct: fromPromise<CallResult<SearchProductOutput>, SearchProductInput>(async () => {
      throw new Error('searchProduct not provided');
    }),
  },
  delays: {
    /** Quiet time after the last keystroke before suggestions are asked for. */
    autocompleteDebounce: 250,
  },
  actions: {
    rememberKeyword: assign((_, params: { keyword: string }) => ({ keyword: params.keyword, errorCode: undefined })),
    clearSuggestions: assign({ suggestions: [], suggestionsFor: '' }),
    storeSuggestions: assign((_, params: { keyword: string; result: CallResult<GetAutocompleteRecommendOutput> }) =>
      params.result.ok ? { suggestions: params.result.data.RecommendList, suggestionsFor: params.keyword } : {},
    ),
    storeSubmitted: assign(({ context }, params: { result: CallResult<SearchProductOutput> }) => ({
      errorCode: undefined,
      submitted: params.result.ok
        ? {
            keyword: tidy(context.keyword),
            searchType: context.searchType,
            total: params.result.data.Total,
            recentSearches: params.result.data.RecentSearchList,
          }
        : context.submitted,
    })),
    rememberError: assign((_, params: { result: CallResult<unknown> }) => ({
      errorCode: params.result.ok ? undefined : params.result.code,
    })),
    rememberNetworkError: assign({ errorCode: NETWORK_ERROR }),
  },
  guards: {
    succeeded: (_, params: { result: CallResult<unknown> }) => params.result.ok,
    isBlank: (_, params: { keyword: string }) => tidy(params.keyword) === '',
    isPresent: (_, params: { keyword: string }) => tidy(params.keyword) !== '',
    sameTerms: ({ context }, params: { keyword: string }) => tidy(params.keyword).toLowerCase() === tidy(context.keyword).toLowerCase(),
  },
}).createMachine({
  id: 'search',
  description:
    'The search popup: typing asks for suggestions after a pause (a newer keystroke cancels the older request); submitting a keyword runs searchProduct, then the results page shows.',
  context: ({ input }) => ({
    keyword: input.keyword ?? '',
    searchType: input.searchType ?? 'product',
    suggestions: [],
    suggestionsFor: '',
  }),
  initial: 'idle',
  output: ({ context }) => context.submitted as SearchOutput,
  states: {
    idle: {
      description: 'Nothing new typed: recent searches (and, for members, top search and now trending) show.',
      on: {
        TYPE: [
          {
            guard: { type: 'isBlank', params: ({ event }) => ({ keyword: event.keyword }) },
            actions: [{ type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) }, 'clearSuggestions'],
            description: 'Only spaces: nothing to suggest.',
          },
          {
            target: 'editing',
            actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
          },
        ],
        SUBMIT: {
          guard: { type: 'isPresent', params: ({ event }) => ({ keyword: event.keyword }) },
          target: 'searching',
          actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
          description: 'An empty keyword does nothing.',
        },
      },
    },
    editing: {
      description: 'Something is typed: its suggestions are awaited, loading or shown.',
      initial: 'debouncing',
      on: {
        TYPE: [
          {
            guard: { type: 'isBlank', params: ({ event }) => ({ keyword: event.keyword }) },
            target: 'idle',
            actions: [{ type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) }, 'clearSuggestions'],
            description: 'The field was emptied: back to the recent searches.',
          },
          {
            guard: { type: 'sameTerms', params: ({ event }) => ({ keyword: event.keyword }) },
            actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
            description: 'Only spacing or case changed: the suggestions still fit, nothing is asked again.',
          },
          {
            target: '.debouncing',
            reenter: true,
            actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
            description: 'A new keystroke restarts the pause and cancels a request still under way.',
          },
        ],
        SUBMIT: {
          guard: { type: 'isPresent', params: ({ event }) => ({ keyword: event.keyword }) },
          target: 'searching',
          actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
          description: 'Submitting leaves the suggestions (any request under way is cancelled). An empty keyword does nothing.',
        },
      },
      states: {
        debouncing: {
          description: 'Waiting for a pause in typing before asking for suggestions.',
          after: { autocompleteDebounce: 'fetchingSuggestions' },
        },
        fetchingSuggestions: {
          description: 'Asking for suggestions for what is typed (get-autocomplete-recommend, no global loader).',
          tags: ['loadingSuggestions'],
          invoke: {
            id: 'getAutocompleteRecommend',
            src: 'getAutocompleteRecommend',
            input: ({ context }) => ({ Keyword: tidy(context.keyword) }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
                target: 'suggestionsShown',
                actions: {
                  type: 'storeSuggestions',
                  params: ({ context, event }) => ({ keyword: tidy(context.keyword), result: event.output }),
                },
              },
              { target: 'suggestionsFailed', description: 'Refused (e.g. InvalidParameter): no suggestions this time.' },
            ],
            onError: { target: 'suggestionsFailed' },
          },
        },
        suggestionsShown: {
          description: 'The suggestions for what is typed show (possibly none); picking one searches for it or opens the product.',
        },
        suggestionsFailed: {
          description: 'Suggestions could not be loaded; typing on asks again, and submitting still works.',
        },
      },
    },
    searching: {
      description: 'Running the search (searchProduct): logged for the hot lists, and kept as a member recent search.',
      tags: ['busy'],
      invoke: {
        id: 'searchProduct',
        src: 'searchProduct',
        input: ({ context, event }) => {
          assertEvent(event, 'SUBMIT');
          return { Keyword: tidy(event.keyword), searchType: context.searchType };
        },
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ result: event.output }) },
            target: 'submitted',
            actions: { type: 'storeSubmitted', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'searchFailed',
            actions: { type: 'rememberError', params: ({ event }) => ({ result: event.output }) },
            description: 'Refused (e.g. InvalidParameter): the reason shows under the field.',
          },
        ],
        onError: { target: 'searchFailed', actions: 'rememberNetworkError' },
      },
    },
    searchFailed: {
      description: 'The search did not run; the reason shows, and the user can edit the keyword or submit again.',
      on: {
        TYPE: [
          {
            guard: { type: 'isBlank', params: ({ event }) => ({ keyword: event.keyword }) },
            target: 'idle',
            actions: [{ type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) }, 'clearSuggestions'],
          },
          {
            target: 'editing',
            actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
          },
        ],
        SUBMIT: {
          guard: { type: 'isPresent', params: ({ event }) => ({ keyword: event.keyword }) },
          target: 'searching',
          actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
        },
      },
    },
    submitted: {
      type: 'final',
      description: 'The search ran: the output says where to go (the results page for the keyword) and the member recent searches.',
    },
  },
});
