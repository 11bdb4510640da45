import type { searchMachine } from './search.machine.ts';
import type { Recommendation } from './search.types.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const oolongSuggestions: Recommendation[] = [
  { Type: 'keyword', Keyword: 'oolong tea' },
  { Type: 'product', Keyword: 'Dong Ding Oolong', ProductID: 'tea-dongding', Name: { en: 'Dong Ding Oolong', zh: '凍頂烏龍' } },
];

/** What `npm run paths`, the tests and the flow atlas drive the searchMachine with. */
export const fixtures: FlowFixtures<typeof searchMachine> = {
  // The box-set variant only changes what searchProduct is sent (see tests/machines/search.test.ts).
  inputs: [{}],
  events: {
    TYPE: [
      { type: 'TYPE', keyword: 'oolong' },
      { type: 'TYPE', keyword: ' Oolong ' },
      { type: 'TYPE', keyword: '鐵觀音' },
      { type: 'TYPE', keyword: '  ' },
    ],
    SUBMIT: [
      { type: 'SUBMIT', keyword: 'oolong' },
      { type: 'SUBMIT', keyword: ' ' },
    ],
  },
  actors: {
    getAutocompleteRecommend: {
      done: [
        { ok: true, data: { RecommendList: oolongSuggestions } },
        { ok: true, data: { RecommendList: [] } },
        { ok: false, code: 'InvalidParameter' },
      ],
      error: new Error('network down'),
    },
    searchProduct: {
      done: [
        { ok: true, data: { Total: 3, RecentSearchList: ['oolong', 'pu-erh'] } },
        { ok: true, data: { Total: 0 } },
        { ok: false, code: 'InvalidParameter' },
      ],
      error: new Error('network down'),
    },
  },
  // The guards read the keyword's terms (not its spacing or case); suggestions count only by kind.
  abstraction: (s) => ({
    terms: s.context.keyword.trim().replace(/\s+/g, ' ').toLowerCase(),
    suggestions: s.context.suggestions.length > 0,
    error: s.context.errorCode,
  }),
};
