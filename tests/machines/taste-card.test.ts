import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../contract/media.ts';
import * as contract from '../../contract/taste-cards.ts';
import { draftAtReview, draftWithBadLevel, fullAnswers, honey, jasmine, oolong, PNG_DATA_URL, roasted } from '../../machines/taste-card/taste-card.fixtures.ts';
import { tasteCardMachine } from '../../machines/taste-card/taste-card.machine.ts';
import { tasteCardStepsMachine } from '../../machines/taste-card-steps/taste-card-steps.machine.ts';
import { createBody, problemsOf } from '../../machines/taste-card/taste-card.rules.ts';
import * as select from '../../machines/taste-card/taste-card.selectors.ts';
import * as T from '../../machines/taste-card/taste-card.types.ts';
import type {
  CallResult,
  DraftStoreMessage,
  LoadTasteCardDraftOutput,
  NewCreateTasteCardInput,
  NewCreateTasteCardOutput,
  TasteCardDraft,
  TasteCardInput,
} from '../../machines/taste-card/taste-card.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { tasteCardModel } from './taste-card.model.ts';

const paths = modelPaths(tasteCardModel);

describe('tasteCard: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(tasteCardMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it(`replay on a running actor (${paths.length} paths), sending only what the contract takes`, async () => {
    for (const p of paths) {
      const { calls } = await replayOnActor(tasteCardModel, p);
      for (const call of calls) {
        if (call.src === 'newCreateTasteCard') {
          const body = v.safeParse(contract.newCreateTasteCard.body, call.input);
          expect(body.issues, p.description).toBeUndefined();
          expect(
            (call.input as NewCreateTasteCardInput).TasteNote.every((id) => id.startsWith('tn-')),
            p.description,
          ).toBe(true);
        }
        if (call.src === 'uploadTemporaryMedia') expect((call.input as { Base64: string }).Base64, p.description).not.toMatch(/^data:/);
        if (call.src === 'getProduct') expect(call.input, p.description).toEqual({ Currency: 'HKD', ProductID: 'p-oolong' });
      }
    }
  }, 120_000);
});

describe('tasteCard: the rules are the contract’s', () => {
  it('bounds', () => {
    expect([T.TASTE_LEVEL_MIN, T.TASTE_LEVEL_MAX, T.MIN_TASTE_NOTES, T.MAX_TASTE_NOTES, T.MAX_AROMAS, T.MAX_CUSTOM_WORDS, T.MAX_RECIPE_STEPS]).toEqual([
      contract.TASTE_LEVEL_MIN,
      contract.TASTE_LEVEL_MAX,
      contract.MIN_TASTE_NOTES,
      contract.MAX_TASTE_NOTES,
      contract.MAX_AROMAS,
      contract.MAX_CUSTOM_WORDS,
      contract.MAX_RECIPE_STEPS,
    ]);
    expect([...T.FIVE_SENSES]).toEqual([...contract.FIVE_SENSES]);
    expect([...T.TIME_UNITS]).toEqual(contract.TimeUnit.options);
    expect([...T.PHOTO_TYPES]).toEqual([...AVATAR_TYPES]);
    expect(T.PHOTO_MAX_BYTES).toBe(AVATAR_MAX_BYTES);
  });

  it('what the flow sends fits new-create-taste-card, and its answer fits what the flow keeps', () => {
    expectTypeOf<NewCreateTasteCardInput>().toExtend<CallBodyInput<typeof contract.newCreateTasteCard>>();
    expectTypeOf<CallResponse<typeof contract.newCreateTasteCard>>().toExtend<NewCreateTasteCardOutput>();
  });

  // Each answer the flow lets through is one the contract takes, and each it stops the contract refuses.
  const cases: Array<[string, Partial<T.TasteCardAnswers>]> = [
    ['all answered', {}],
    ['two notes', { notes: [jasmine, honey] }],
    ['no title', { title: '  ' }],
    ['81-character title', { title: 'x'.repeat(81) }],
    ['temperature 101', { recipe: { ...fullAnswers.recipe, temperature: '101' } }],
    ['temperature 90.5', { recipe: { ...fullAnswers.recipe, temperature: '90.5' } }],
    ['water 5000', { recipe: { ...fullAnswers.recipe, water: '5000' } }],
    ['water 5001', { recipe: { ...fullAnswers.recipe, water: '5001' } }],
    ['an empty step', { steps: ['Rinse', ' '] }],
    ['a 301-character step', { steps: ['x'.repeat(301)] }],
    ['level 0', { fiveSenses: { ...fullAnswers.fiveSenses, Bitterness: 0 } }],
    ['flavour of 201 characters', { recipe: { ...fullAnswers.recipe, flavour: 'y'.repeat(201) } }],
  ];
  it.each(cases)('%s', (_, change) => {
    const answers = { ...fullAnswers, ...change };
    const flowOk = problemsOf('review', answers).length === 0;
    const body = createBody({ answers, product: oolong, input: { currency: 'HKD', language: 'en' }, mediaID: 'media-1' });
    // A non-number the flow refuses never becomes a body; compare on what can be sent.
    expect(v.safeParse(contract.newCreateTasteCard.body, body).success).toBe(flowOk);
  });

  it('notes are sent as IDs only; blanks are left out; the photo by its MediaID', () => {
    const body = createBody({ answers: fullAnswers, product: oolong, input: { currency: 'HKD', language: 'zh' }, mediaID: 'media-1' });
    expect(body).toMatchObject({
      ProductID: 'p-oolong',
      TasteNote: ['tn-jasmine', 'tn-honey', 'tn-roasted-nut'],
      Aroma: ['ar-orchid'],
      Parameter: { Water: 150, Amount: 7, Temperature: 95, BrewingTime: { Value: 45, Unit: 'sec' }, WaterFlow: 'gentle', Body: 'medium' },
      Language: 'zh',
      ProductImageType: 'photo',
      Photo: 'media-1',
    });
    expect(body.Parameter).not.toHaveProperty('Flavour');
    const noPhoto = createBody({ answers: { ...fullAnswers, photo: undefined }, product: oolong, input: { currency: 'HKD', language: 'en' } });
    expect(noPhoto.ProductImageType).toBe('default');
    expect(noPhoto).not.toHaveProperty('Photo');
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function startCard(
  input: TasteCardInput,
  options: {
    draft?: TasteCardDraft;
    create?: (input: NewCreateTasteCardInput) => CallResult<NewCreateTasteCardOutput> | Promise<CallResult<NewCreateTasteCardOutput>>;
    upload?: () => CallResult<{ MediaID: string; mediaUrl: string }>;
  } = {},
) {
  const calls: Array<{ src: string; input: unknown }> = [];
  const saved: TasteCardDraft[] = [];
  let cleared = 0;
  const machine = tasteCardMachine.provide({
    actors: {
      loadTasteCardDraft: fromPromise(async (): Promise<LoadTasteCardDraftOutput> => ({ draft: options.draft })),
      storeTasteCardDraft: fromCallback<DraftStoreMessage>(({ receive }) => receive((m) => saved.push(m.draft))),
      clearTasteCardDraft: fromPromise(async () => {
        cleared += 1;
      }),
      tasteCardSteps: tasteCardStepsMachine,
      getProduct: fromPromise(async ({ input }) => {
        calls.push({ src: 'getProduct', input });
        return { ok: true as const, data: { Product: oolong } };
      }),
      uploadTemporaryMedia: fromPromise(async ({ input }) => {
        calls.push({ src: 'uploadTemporaryMedia', input });
        return options.upload?.() ?? { ok: true as const, data: { MediaID: 'media-1', mediaUrl: '/media/uploads/media-1.png' } };
      }),
      newCreateTasteCard: fromPromise(async ({ input }) => {
        calls.push({ src: 'newCreateTasteCard', input });
        return (await options.create?.(input)) ?? { ok: true as const, data: { Card: { CardID: 'card-1', ProductID: input.ProductID, Title: input.Title } } };
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls, saved, cleared: () => cleared, snap: () => actor.getSnapshot() };
}

describe('tasteCard: behaviour', () => {
  it('main path: product from the address, five steps, photo uploaded without its prefix, card saved, draft removed', async () => {
    const t = startCard({ productID: 'p-oolong', currency: 'HKD', language: 'en' });
    await tick();
    expect(select.page(t.snap())).toBe('steps');
    expect(select.step(t.snap())).toBe('fiveSenses');
    expect(select.progress(t.snap())).toEqual({ current: 1, total: 5 });
    t.actor.send({ type: 'SET_LEVEL', sense: 'Sweetness', level: 4 });
    t.actor.send({ type: 'SET_LEVEL', sense: 'Umami', level: 9 });
    expect(select.answers(t.snap()).fiveSenses).toMatchObject({ Sweetness: 4, Umami: 3 });
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('notes');
    t.actor.send({ type: 'TOGGLE_NOTE', note: jasmine });
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('notes');
    expect(select.shownProblems(t.snap())).toEqual([{ field: 'TasteNote', code: 'tooFew', min: 3 }]);
    t.actor.send({ type: 'TOGGLE_NOTE', note: honey });
    t.actor.send({ type: 'TOGGLE_NOTE', note: roasted });
    t.actor.send({ type: 'ADD_CUSTOM_NOTE', word: '  wet   stone ' });
    t.actor.send({ type: 'ADD_CUSTOM_NOTE', word: 'Wet stone' });
    expect(select.answers(t.snap()).customNotes).toEqual(['wet stone']);
    expect(select.shownProblems(t.snap())).toEqual([]);
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('recipe');
    t.actor.send({ type: 'SET_RECIPE', recipe: { water: '150', temperature: '95', brewingTime: '3', brewingUnit: 'min' } });
    t.actor.send({ type: 'ADD_STEP' });
    t.actor.send({ type: 'ADD_STEP' });
    t.actor.send({ type: 'SET_STEP', index: 0, text: 'Steep' });
    t.actor.send({ type: 'SET_STEP', index: 1, text: 'Warm the pot' });
    t.actor.send({ type: 'MOVE_STEP', from: 1, to: 0 });
    expect(select.answers(t.snap()).steps).toEqual(['Warm the pot', 'Steep']);
    t.actor.send({ type: 'NEXT' });
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('details');
    expect(select.shownProblems(t.snap())).toEqual([{ field: 'Title', code: 'required' }]);
    t.actor.send({ type: 'SET_DETAILS', title: ' Bright and sweet ' });
    t.actor.send({ type: 'CHOOSE_PHOTO', photo: { dataUrl: PNG_DATA_URL, type: 'image/png', size: 68, name: 'cup.png' } });
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('review');
    t.actor.send({ type: 'SUBMIT' });
    expect(select.isSaving(t.snap())).toBe(true);
    await tick();
    await tick();
    expect(t.calls.map((c) => c.src)).toEqual(['getProduct', 'uploadTemporaryMedia', 'newCreateTasteCard']);
    expect(t.calls[1]!.input).toEqual({ Base64: PNG_DATA_URL.slice('data:image/png;base64,'.length), ContentType: 'image/png' });
    expect(t.calls[2]!.input).toMatchObject({
      Title: 'Bright and sweet',
      TasteNote: ['tn-jasmine', 'tn-honey', 'tn-roasted-nut'],
      CustomTasteNote: ['wet stone'],
      Step: [{ Text: 'Warm the pot' }, { Text: 'Steep' }],
      Parameter: { Water: 150, Temperature: 95, BrewingTime: { Value: 3, Unit: 'min' } },
      Photo: 'media-1',
      ProductImageType: 'photo',
    });
    expect(select.isDone(t.snap())).toBe(true);
    expect(select.outcome(t.snap())).toEqual({ outcome: 'saved', card: { CardID: 'card-1', ProductID: 'p-oolong', Title: 'Bright and sweet' } });
    expect(t.cleared()).toBe(1);
    // Every change went to the draft store, the last one at the review.
    expect(t.saved.at(-1)).toMatchObject({ step: 'review', product: { ProductID: 'p-oolong' } });
  });

  it('back and forth keeps the answers', async () => {
    const t = startCard({ currency: 'HKD', language: 'en' });
    await tick();
    expect(select.page(t.snap())).toBe('selectProduct');
    t.actor.send({ type: 'SELECT_PRODUCT', product: oolong });
    t.actor.send({ type: 'SET_LEVEL', sense: 'Sourness', level: 5 });
    t.actor.send({ type: 'NEXT' });
    for (const note of [jasmine, honey, roasted]) t.actor.send({ type: 'TOGGLE_NOTE', note });
    t.actor.send({ type: 'BACK' });
    expect(select.step(t.snap())).toBe('fiveSenses');
    expect(select.answers(t.snap()).fiveSenses.Sourness).toBe(5);
    t.actor.send({ type: 'BACK' });
    expect(select.page(t.snap())).toBe('selectProduct');
    t.actor.send({ type: 'NEXT' });
    t.actor.send({ type: 'NEXT' });
    expect(select.answers(t.snap()).notes.map((n) => n.id)).toEqual(['tn-jasmine', 'tn-honey', 'tn-roasted-nut']);
  });

  it('a draft survives a reload: a new flow resumes at its step with its answers', async () => {
    const first = startCard({ productID: 'p-oolong', currency: 'HKD', language: 'en' });
    await tick();
    first.actor.send({ type: 'SET_LEVEL', sense: 'Bitterness', level: 1 });
    first.actor.send({ type: 'NEXT' });
    first.actor.send({ type: 'TOGGLE_NOTE', note: honey });
    first.actor.stop();
    const kept = first.saved.at(-1)!;
    expect(kept).toMatchObject({ step: 'notes', answers: { notes: [honey] } });

    const again = startCard({ productID: 'p-oolong', currency: 'HKD', language: 'en' }, { draft: kept });
    await tick();
    expect(select.restored(again.snap())).toBe(true);
    expect(select.step(again.snap())).toBe('notes');
    expect(select.answers(again.snap()).fiveSenses.Bitterness).toBe(1);
    expect(again.calls).toEqual([]);
    // A draft for another drink is not taken for this one.
    const other = startCard({ productID: 'p-other', currency: 'HKD', language: 'en' }, { draft: kept });
    await tick();
    expect(select.restored(other.snap())).toBe(false);
    expect(other.calls.map((c) => c.src)).toEqual(['getProduct']);
  });

  it('without a drink asked for, a kept draft is offered, not opened: its drink resumes it, another drink starts afresh', async () => {
    const sencha = { ...oolong, ProductID: 'p-sencha', Name: { en: 'Sencha', zh: '煎茶' } };
    const offered = startCard({ currency: 'HKD', language: 'en' }, { draft: draftAtReview });
    await tick();
    expect(select.page(offered.snap())).toBe('selectProduct');
    expect(select.draftOffered(offered.snap())).toEqual(oolong);
    offered.actor.send({ type: 'SELECT_PRODUCT', product: sencha });
    expect(select.product(offered.snap())?.ProductID).toBe('p-sencha');
    expect(select.step(offered.snap())).toBe('fiveSenses');
    expect(select.answers(offered.snap()).title).toBe('');
    expect(select.restoredNotice(offered.snap())).toBeUndefined();
    // The new card's draft replaces the one kept: it is no longer on offer.
    offered.actor.send({ type: 'CHANGE_PRODUCT' });
    expect(select.draftOffered(offered.snap())).toBeUndefined();

    const resumed = startCard({ currency: 'HKD', language: 'en' }, { draft: draftAtReview });
    await tick();
    resumed.actor.send({ type: 'SELECT_PRODUCT', product: oolong });
    expect(select.step(resumed.snap())).toBe('review');
    expect(select.answers(resumed.snap()).title).toBe('Honeyed and floral');
    expect(select.restoredNotice(resumed.snap())).toBe('draft');
    expect(resumed.calls).toEqual([]);
  });

  it("a survey's answers are said to be the survey's, not a draft from last time", async () => {
    const t = startCard({ productID: 'p-oolong', currency: 'HKD', language: 'en' }, { draft: { ...draftAtReview, step: 'fiveSenses', origin: 'survey' } });
    await tick();
    expect(select.step(t.snap())).toBe('fiveSenses');
    expect(select.restoredNotice(t.snap())).toBe('survey');
    // What is kept from then on is the member's own draft.
    expect(t.saved.at(-1)?.origin).toBeUndefined();
  });

  it('leaving with answers asks first: stay keeps them, leave keeps the draft, discard removes it', async () => {
    const t = startCard({ productID: 'p-oolong', currency: 'HKD', language: 'en' }, { draft: draftAtReview });
    await tick();
    expect(select.step(t.snap())).toBe('review');
    t.actor.send({ type: 'LEAVE' });
    expect(select.confirmingLeave(t.snap())).toBe(true);
    expect(select.page(t.snap())).toBe('unchanged');
    t.actor.send({ type: 'STAY' });
    expect(select.step(t.snap())).toBe('review');
    expect(select.answers(t.snap()).title).toBe('Honeyed and floral');
    t.actor.send({ type: 'LEAVE' });
    t.actor.send({ type: 'DISCARD' });
    await tick();
    expect(select.outcome(t.snap())).toEqual({ outcome: 'left' });
    expect(t.cleared()).toBe(1);

    const blank = startCard({ currency: 'HKD', language: 'en' });
    await tick();
    blank.actor.send({ type: 'LEAVE' });
    expect(select.outcome(blank.snap())).toEqual({ outcome: 'left' });
  });

  it('a refused save keeps everything; retry does not upload the photo again', async () => {
    let refuse = true;
    const t = startCard(
      { productID: 'p-oolong', currency: 'HKD', language: 'en' },
      {
        draft: draftAtReview,
        create: () =>
          refuse ? { ok: false, code: 'InvalidParameter' } : { ok: true, data: { Card: { CardID: 'card-9', ProductID: 'p-oolong', Title: 't' } } },
      },
    );
    await tick();
    t.actor.send({ type: 'SUBMIT' });
    await tick();
    await tick();
    expect(select.saveFailed(t.snap())).toBe(true);
    expect(select.errorCode(t.snap())).toBe('InvalidParameter');
    refuse = false;
    t.actor.send({ type: 'RETRY' });
    await tick();
    await tick();
    expect(select.outcome(t.snap())).toMatchObject({ outcome: 'saved', card: { CardID: 'card-9' } });
    expect(t.calls.map((c) => c.src)).toEqual(['uploadTemporaryMedia', 'newCreateTasteCard', 'newCreateTasteCard']);
  });

  it('a file that is not a picture, or too large, is refused in words and not kept', async () => {
    const t = startCard({ productID: 'p-oolong', currency: 'HKD', language: 'en' }, { draft: { ...draftAtReview, answers: { ...fullAnswers, photo: undefined } } });
    await tick();
    t.actor.send({ type: 'CHOOSE_PHOTO', photo: { dataUrl: 'data:application/pdf;base64,JVBERi0=', type: 'application/pdf', size: 5, name: 'menu.pdf' } });
    expect(select.photoProblem(t.snap())).toBe('notAPicture');
    t.actor.send({ type: 'CHOOSE_PHOTO', photo: { dataUrl: PNG_DATA_URL, type: 'image/png', size: 3 * 1024 * 1024, name: 'big.png' } });
    expect(select.photoProblem(t.snap())).toBe('tooLarge');
    expect(select.answers(t.snap()).photo).toBeUndefined();
  });

  it('an older draft with a level out of range stops at step 1 and says which', async () => {
    const t = startCard({ productID: 'p-oolong', currency: 'HKD', language: 'en' }, { draft: draftWithBadLevel });
    await tick();
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('fiveSenses');
    expect(select.shownProblems(t.snap())).toEqual([{ field: 'Sweetness', code: 'outOfRange' }]);
  });
});
