import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { getAutocompleteRecommend, searchProduct } from '../../contract/search.ts';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import { searchMachine } from '../../machines/search/search.machine.ts';
import * as select from '../../machines/search/search.selectors.ts';
import type * as Search from '../../machines/search/search.types.ts';
import type { CallResult, GetAutocompleteRecommendOutput, SearchInput, SearchProductOutput } from '../../machines/search/search.types.ts';
import { coverage, modelPaths } from './coverage.ts';
import { replayOnActor } from '../support/replay.ts';
import { oolongSuggestions, searchModel } from './search.model.ts';

const paths = modelPaths(searchModel);

describe('search: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(searchMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(searchModel, p);
    for (const call of calls) {
      if (call.src === 'getAutocompleteRecommend') expect(['oolong', '鐵觀音']).toContain((call.input as { Keyword: string }).Keyword);
      if (call.src === 'searchProduct') expect(call.input).toEqual({ Keyword: 'oolong', searchType: 'product' });
    }
  });
});

describe('search: data types match contract/search.ts', () => {
  it('what the machine sends fits the bodies, and the answers fit what it stores', () => {
    expectTypeOf<Search.GetAutocompleteRecommendInput>().toExtend<CallBodyInput<typeof getAutocompleteRecommend>>();
    expectTypeOf<Search.SearchProductInput & { Currency: 'HKD' }>().toExtend<CallBodyInput<typeof searchProduct>>();
    expectTypeOf<CallResponse<typeof getAutocompleteRecommend>>().toExtend<Search.GetAutocompleteRecommendOutput>();
    expectTypeOf<CallResponse<typeof searchProduct>>().toExtend<Search.SearchProductOutput>();
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const DEBOUNCE = searchMachine.implementations.delays.autocompleteDebounce as number;

/** A search popup flow with recorded calls; suggestions answer at once unless `holdSuggestions`. */
function startSearch(
  options: {
    input?: SearchInput;
    suggest?: (keyword: string) => Promise<CallResult<GetAutocompleteRecommendOutput>>;
    search?: () => Promise<CallResult<SearchProductOutput>>;
  } = {},
) {
  const clock = new SimulatedClock();
  const suggested: Array<{ keyword: string; signal: AbortSignal }> = [];
  const searched: unknown[] = [];
  const actor = createActor(
    searchMachine.provide({
      actors: {
        getAutocompleteRecommend: fromPromise(async ({ input, signal }) => {
          suggested.push({ keyword: input.Keyword, signal });
          return options.suggest ? options.suggest(input.Keyword) : { ok: true as const, data: { RecommendList: oolongSuggestions } };
        }),
        searchProduct: fromPromise(async ({ input }) => {
          searched.push(input);
          return options.search ? options.search() : { ok: true as const, data: { Total: 2, RecentSearchList: [input.Keyword] } };
        }),
      },
    }),
    { clock, input: options.input ?? {} },
  ).start();
  return { actor, clock, suggested, searched };
}

describe('search: behaviour', () => {
  it('asks for suggestions only after a pause in typing; each keystroke restarts the pause', async () => {
    expect(DEBOUNCE).toBe(250);
    const { actor, clock, suggested } = startSearch();
    actor.send({ type: 'TYPE', keyword: 'o' });
    clock.increment(DEBOUNCE - 1);
    actor.send({ type: 'TYPE', keyword: 'oo' });
    clock.increment(DEBOUNCE - 1);
    actor.send({ type: 'TYPE', keyword: 'ool' });
    clock.increment(DEBOUNCE - 1);
    expect(suggested).toEqual([]);
    expect(select.showsSuggestions(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(select.isLoadingSuggestions(actor.getSnapshot())).toBe(true);
    expect(suggested.map((s) => s.keyword)).toEqual(['ool']);
    await tick();
    expect(actor.getSnapshot().value).toEqual({ editing: 'suggestionsShown' });
    expect(select.suggestions(actor.getSnapshot())).toEqual(oolongSuggestions);
    expect(select.suggestionsFor(actor.getSnapshot())).toBe('ool');
  });

  it('a keystroke while suggestions load aborts that request; its late answer is ignored', async () => {
    const answers: Array<(r: CallResult<GetAutocompleteRecommendOutput>) => void> = [];
    const { actor, clock, suggested } = startSearch({ suggest: () => new Promise((resolve) => answers.push(resolve)) });
    actor.send({ type: 'TYPE', keyword: 'oolong' });
    clock.increment(DEBOUNCE);
    expect(suggested[0]?.signal.aborted).toBe(false);
    actor.send({ type: 'TYPE', keyword: 'oolong tea' });
    expect(suggested[0]?.signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toEqual({ editing: 'debouncing' });
    answers[0]!({ ok: true, data: { RecommendList: [{ Type: 'keyword', Keyword: 'stale' }] } });
    await tick();
    expect(actor.getSnapshot().value).toEqual({ editing: 'debouncing' });
    expect(select.suggestions(actor.getSnapshot())).toEqual([]);
    clock.increment(DEBOUNCE);
    expect(suggested.map((s) => s.keyword)).toEqual(['oolong', 'oolong tea']);
    answers[1]!({ ok: true, data: { RecommendList: oolongSuggestions } });
    await tick();
    expect(select.suggestions(actor.getSnapshot())).toEqual(oolongSuggestions);
    expect(select.suggestionsFor(actor.getSnapshot())).toBe('oolong tea');
  });

  it('spacing or case changes do not ask again; emptying the field clears the suggestions', async () => {
    const { actor, clock, suggested } = startSearch();
    actor.send({ type: 'TYPE', keyword: 'oolong' });
    clock.increment(DEBOUNCE);
    await tick();
    actor.send({ type: 'TYPE', keyword: 'Oolong  ' });
    clock.increment(DEBOUNCE);
    expect(suggested).toHaveLength(1);
    expect(select.keyword(actor.getSnapshot())).toBe('Oolong  ');
    expect(select.suggestions(actor.getSnapshot())).toEqual(oolongSuggestions);
    actor.send({ type: 'TYPE', keyword: '' });
    expect(select.showsStartLists(actor.getSnapshot())).toBe(true);
    expect(select.suggestions(actor.getSnapshot())).toEqual([]);
  });

  it('submitting an empty keyword does nothing', () => {
    const { actor, searched } = startSearch();
    expect(select.canSubmit(actor.getSnapshot(), '   ')).toBe(false);
    actor.send({ type: 'SUBMIT', keyword: '   ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(searched).toEqual([]);
  });

  it('submitting cancels pending suggestions and ends with where to go and the member recent searches', async () => {
    const { actor, clock, suggested, searched } = startSearch({ suggest: () => new Promise(() => {}) });
    actor.send({ type: 'TYPE', keyword: '鐵觀音' });
    clock.increment(DEBOUNCE);
    expect(select.canSubmit(actor.getSnapshot(), '鐵觀音')).toBe(true);
    actor.send({ type: 'SUBMIT', keyword: ' 鐵觀音 ' });
    expect(suggested[0]?.signal.aborted).toBe(true);
    expect(select.isSearching(actor.getSnapshot())).toBe(true);
    await tick();
    expect(searched).toEqual([{ Keyword: '鐵觀音', searchType: 'product' }]);
    expect(select.submittedSearch(actor.getSnapshot())).toEqual({
      keyword: '鐵觀音',
      searchType: 'product',
      total: 2,
      recentSearches: ['鐵觀音'],
    });
  });

  it('a box-set search sends searchType boxset and starts from the page keyword', async () => {
    const { actor, searched } = startSearch({ input: { keyword: 'gift', searchType: 'boxset' } });
    expect(select.keyword(actor.getSnapshot())).toBe('gift');
    expect(select.showsStartLists(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SUBMIT', keyword: 'gift' });
    await tick();
    expect(searched).toEqual([{ Keyword: 'gift', searchType: 'boxset' }]);
    expect(select.submittedSearch(actor.getSnapshot())?.searchType).toBe('boxset');
  });

  it('a refused or unreachable search shows why; typing clears it and submitting again works', async () => {
    let answer: () => Promise<CallResult<SearchProductOutput>> = async () => ({ ok: false, code: 'InvalidParameter' });
    const { actor } = startSearch({ search: () => answer() });
    actor.send({ type: 'SUBMIT', keyword: 'oolong' });
    await tick();
    expect(select.searchError(actor.getSnapshot())).toBe('InvalidParameter');
    actor.send({ type: 'TYPE', keyword: 'oolong tea' });
    expect(select.searchError(actor.getSnapshot())).toBeUndefined();
    answer = async () => {
      throw new TypeError('Failed to fetch');
    };
    actor.send({ type: 'SUBMIT', keyword: 'oolong tea' });
    await tick();
    expect(select.searchError(actor.getSnapshot())).toBe('NetworkError');
    answer = async () => ({ ok: true, data: { Total: 0 } });
    actor.send({ type: 'SUBMIT', keyword: 'oolong tea' });
    await tick();
    expect(select.submittedSearch(actor.getSnapshot())).toEqual({ keyword: 'oolong tea', searchType: 'product', total: 0, recentSearches: undefined });
  });

  it('failed suggestions say so quietly; typing on asks again', async () => {
    let fail = true;
    const { actor, clock, suggested } = startSearch({
      suggest: async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { ok: true, data: { RecommendList: [] } };
      },
    });
    actor.send({ type: 'TYPE', keyword: 'oolong' });
    clock.increment(DEBOUNCE);
    await tick();
    expect(select.suggestionsUnavailable(actor.getSnapshot())).toBe(true);
    fail = false;
    actor.send({ type: 'TYPE', keyword: 'oolong t' });
    clock.increment(DEBOUNCE);
    await tick();
    expect(suggested).toHaveLength(2);
    expect(select.suggestionsUnavailable(actor.getSnapshot())).toBe(false);
    expect(select.hasNoSuggestions(actor.getSnapshot())).toBe(true);
  });
});
