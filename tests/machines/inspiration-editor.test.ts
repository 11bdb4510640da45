import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import * as contract from '../../contract/inspiration.ts';
import * as media from '../../contract/media.ts';
import { draft, emptyDraft, oolong, png, pdf, post, PNG_DATA_URL } from '../../machines/inspiration-editor/inspiration-editor.fixtures.ts';
import { inspirationEditorMachine } from '../../machines/inspiration-editor/inspiration-editor.machine.ts';
import { addTag, createBody, updateBody } from '../../machines/inspiration-editor/inspiration-editor.rules.ts';
import * as select from '../../machines/inspiration-editor/inspiration-editor.selectors.ts';
import * as T from '../../machines/inspiration-editor/inspiration-editor.types.ts';
import type { CallResult } from '../../machines/inspiration-editor/inspiration-editor.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { inspirationEditorModel } from './inspiration-editor.model.ts';

const paths = modelPaths(inspirationEditorModel);

describe('inspirationEditor: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(inspirationEditorMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  }, 60_000);

  it(`replay on a running actor (${paths.length} paths), sending only what the contract takes`, async () => {
    for (const p of paths) {
      const { calls } = await replayOnActor(inspirationEditorModel, p);
      for (const call of calls) {
        if (call.src === 'createInspiration') expect(v.safeParse(contract.createInspiration.body, call.input).issues, p.description).toBeUndefined();
        if (call.src === 'updateInspiration') expect(v.safeParse(contract.updateInspiration.body, call.input).issues, p.description).toBeUndefined();
        if (call.src === 'getUserInspiration') expect(call.input, p.description).toEqual({ InspirationID: 'insp-1' });
        if (call.src === 'uploadInspirationMedia') {
          const input = call.input as T.UploadInspirationMediaInput;
          expect(input.Base64, p.description).not.toMatch(/^data:/);
          expect(input.ContentType, p.description).toBe('image/png');
        }
      }
    }
  }, 300_000);
});

describe('inspirationEditor: the rules are the contract’s', () => {
  it('bounds', () => {
    expect([T.MAX_MEDIA, T.MAX_PRODUCTS, T.MAX_TAGS, T.TITLE_MAX, T.DESCRIPTION_MAX, T.TAG_MAX]).toEqual([
      contract.MAX_INSPIRATION_MEDIA,
      contract.MAX_INSPIRATION_PRODUCTS,
      contract.MAX_INSPIRATION_TAGS,
      contract.INSPIRATION_TITLE_MAX,
      contract.INSPIRATION_DESCRIPTION_MAX,
      contract.INSPIRATION_TAG_MAX,
    ]);
    expect([...T.MEDIA_TYPES]).toEqual([...media.INSPIRATION_MEDIA_TYPES]);
    expect([T.IMAGE_MAX_BYTES, T.VIDEO_MAX_BYTES]).toEqual([media.INSPIRATION_IMAGE_MAX_BYTES, media.INSPIRATION_VIDEO_MAX_BYTES]);
  });

  it('what the flow sends fits the calls, and their answers fit what it keeps', () => {
    expectTypeOf<T.CreateInspirationInput>().toExtend<CallBodyInput<typeof contract.createInspiration>>();
    expectTypeOf<T.UpdateInspirationInput>().toExtend<CallBodyInput<typeof contract.updateInspiration>>();
    expectTypeOf<CallResponse<typeof contract.createInspiration>>().toExtend<T.SavedInspirationOutput>();
    expectTypeOf<CallResponse<typeof contract.getUserInspiration>>().toExtend<T.GetUserInspirationOutput>();
  });

  it('tags: # dropped, duplicates (any case) and long ones refused, at most ten', () => {
    expect(addTag([], '  #Oolong  tea ')).toEqual({ tags: ['Oolong tea'] });
    expect(addTag(['oolong tea'], 'OOLONG TEA')).toEqual({ tags: ['oolong tea'], problem: 'duplicate' });
    expect(addTag([], 'x'.repeat(31)).problem).toBe('tooLong');
    expect(addTag(Array.from({ length: 10 }, (_, i) => `t${i}`), 'more').problem).toBe('tooMany');
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

type Pending = { input: unknown; resolve: (r: unknown) => void; reject: (e: unknown) => void };
function start(input: T.InspirationEditorInput) {
  const pending: Record<string, Pending[]> = {};
  const saves: T.InspirationDraft[] = [];
  const held = (src: string) =>
    fromPromise<never, never>(({ input }) => new Promise((resolve, reject) => (pending[src] ??= []).push({ input, resolve: resolve as never, reject })));
  const machine = inspirationEditorMachine.provide({
    actors: {
      getUserInspiration: held('getUserInspiration') as never,
      uploadInspirationMedia: held('uploadInspirationMedia') as never,
      createInspiration: held('createInspiration') as never,
      updateInspiration: held('updateInspiration') as never,
      loadInspirationDraft: held('loadInspirationDraft') as never,
      clearInspirationDraft: held('clearInspirationDraft') as never,
      // What the draft store is told, in order.
      storeInspirationDraft: fromCallback<T.InspirationDraftMessage>(({ receive }) => receive((message) => saves.push(message.draft))),
    },
  });
  const actor = createActor(machine, { input }).start();
  const answer = async (src: string, result: CallResult<unknown> | T.LoadInspirationDraftOutput | undefined) => {
    const call = pending[src]?.shift();
    if (!call) throw new Error(`${src} is not running`);
    call.resolve(result);
    await tick();
    return call.input;
  };
  return { actor, pending, saves, answer, snap: () => actor.getSnapshot() };
}

describe('inspirationEditor: behaviour', () => {
  it('main path: two pictures upload one by one (one retried), a product, words, published', async () => {
    const t = start({});
    expect(select.page(t.snap())).toBe('loading');
    await t.answer('loadInspirationDraft', {});
    expect(select.page(t.snap())).toBe('steps');
    t.actor.send({ type: 'NEXT' });
    expect(select.shownProblems(t.snap())).toEqual([{ field: 'MediaList', code: 'required' }]);
    t.actor.send({ type: 'ADD_FILES', files: [png, { ...png, name: 'pot.png' }, pdf] });
    expect(select.fileProblems(t.snap())).toEqual([{ name: 'menu.pdf', code: 'type' }]);
    expect(select.uploadProgress(t.snap())).toEqual({ done: 0, total: 2, failed: 0 });
    expect(select.media(t.snap()).map((m) => m.status)).toEqual(['uploading', 'waiting']);
    expect(await t.answer('uploadInspirationMedia', { ok: true, data: { MediaID: 'media-1', mediaUrl: '/m/1.png' } })).toEqual({
      key: 'm1',
      Base64: PNG_DATA_URL.slice('data:image/png;base64,'.length),
      ContentType: 'image/png',
    });
    expect(select.uploadProgress(t.snap())).toEqual({ done: 1, total: 2, failed: 0 });
    await t.answer('uploadInspirationMedia', { ok: false, code: 'LimitError' });
    expect(select.uploadProgress(t.snap())).toEqual({ done: 1, total: 2, failed: 1 });
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('media');
    expect(select.shownProblems(t.snap())).toEqual([{ field: 'MediaList', code: 'uploadFailed' }]);
    t.actor.send({ type: 'RETRY_UPLOAD', key: 'm2' });
    expect(select.isUploading(t.snap())).toBe(true);
    await t.answer('uploadInspirationMedia', { ok: true, data: { MediaID: 'media-2', mediaUrl: '/m/2.png' } });
    t.actor.send({ type: 'MOVE_MEDIA', from: 1, to: 0 });
    t.actor.send({ type: 'NEXT' });
    expect(select.step(t.snap())).toBe('products');
    t.actor.send({ type: 'ADD_PRODUCT', product: oolong });
    t.actor.send({ type: 'ADD_PRODUCT', product: oolong });
    expect(select.products(t.snap())).toHaveLength(1);
    t.actor.send({ type: 'NEXT' });
    t.actor.send({ type: 'PUBLISH' });
    expect(select.shownProblems(t.snap())).toEqual([{ field: 'Title', code: 'required' }]);
    t.actor.send({ type: 'SET_DETAILS', title: ' Morning oolong ', description: 'Balcony' });
    t.actor.send({ type: 'ADD_TAG', tag: '#oolong' });
    t.actor.send({ type: 'PUBLISH' });
    expect(select.isSaving(t.snap())).toBe(true);
    const body = await t.answer('createInspiration', { ok: false, code: 'InvalidParameter' });
    expect(body).toEqual({ Title: 'Morning oolong', Description: 'Balcony', Tag: ['oolong'], MediaList: ['media-2', 'media-1'], ProductList: ['p-oolong'] });
    expect(select.saveFailed(t.snap())).toBe(true);
    expect(select.errorCode(t.snap())).toBe('InvalidParameter');
    t.actor.send({ type: 'RETRY' });
    await t.answer('createInspiration', { ok: true, data: { Inspiration: { InspirationID: 'insp-2', Status: 'Published' } } });
    // Published: the draft on the device goes first.
    expect(select.isSaving(t.snap())).toBe(true);
    await t.answer('clearInspirationDraft', undefined);
    expect(select.page(t.snap())).toBe('published');
    expect(select.asksBeforeLeaving(t.snap())).toBe(false);
    expect(t.snap().output).toEqual({ outcome: 'published', inspiration: { InspirationID: 'insp-2', Status: 'Published' } });
  });

  it('editing: the post fills the steps; the edit sends title, description and tags only; archive and unarchive', async () => {
    const t = start({ inspirationID: 'insp-1' });
    expect(select.page(t.snap())).toBe('loading');
    await t.answer('getUserInspiration', { ok: true, data: { Inspiration: post } });
    expect(select.details(t.snap())).toEqual({ title: 'Morning oolong', description: 'Second steep on the balcony.', tags: ['oolong', 'morning'] });
    expect(select.media(t.snap())[0]).toMatchObject({ status: 'done', mediaID: 'media-9', preview: '/media/uploads/media-9-480.webp' });
    expect(select.canArchive(t.snap())).toBe(true);
    expect(select.canUnarchive(t.snap())).toBe(false);
    t.actor.send({ type: 'ARCHIVE' });
    expect(select.isChangingStatus(t.snap())).toBe(true);
    expect(await t.answer('updateInspiration', { ok: true, data: { Inspiration: { InspirationID: 'insp-1', Status: 'Private' } } })).toEqual({
      InspirationID: 'insp-1',
      Status: 'Private',
    });
    expect(select.status(t.snap())).toBe('Private');
    t.actor.send({ type: 'UNARCHIVE' });
    await t.answer('updateInspiration', { ok: false, code: 'ObjectNotFound' });
    expect([select.status(t.snap()), select.errorCode(t.snap())]).toEqual(['Private', 'ObjectNotFound']);
    t.actor.send({ type: 'GO_TO', step: 'details' });
    t.actor.send({ type: 'SET_DETAILS', title: 'Evening oolong' });
    t.actor.send({ type: 'PUBLISH' });
    expect(await t.answer('updateInspiration', { ok: true, data: { Inspiration: { InspirationID: 'insp-1', Status: 'Private' } } })).toEqual({
      InspirationID: 'insp-1',
      Title: 'Evening oolong',
      Description: 'Second steep on the balcony.',
      Tag: ['oolong', 'morning'],
    });
  });

  it('another member’s post is not theirs to edit; a copy starts from it with CopyFrom', async () => {
    const other = start({ inspirationID: 'insp-1' });
    await other.answer('getUserInspiration', { ok: true, data: { Inspiration: { ...post, IsOwner: false } } });
    expect(select.page(other.snap())).toBe('notFound');
    const copy = start({ copyFrom: 'insp-1' });
    await copy.answer('getUserInspiration', { ok: true, data: { Inspiration: { ...post, IsOwner: false } } });
    expect(select.page(copy.snap())).toBe('steps');
    expect(select.canArchive(copy.snap())).toBe(false);
    expect(createBody(copy.snap().context)).toMatchObject({ MediaList: ['media-9'], ProductList: ['p-oolong'], CopyFrom: 'insp-1' });
  });

  it('an edit with changed media or products sends them', () => {
    const context = { ...start({ inspirationID: 'insp-1' }).snap().context, loaded: post, title: 'x', media: [], products: [] };
    expect(updateBody(context)).toMatchObject({ MediaList: [], ProductList: [] });
  });
});

describe('inspirationEditor: the new post’s draft and leaving', () => {
  it('a kept draft is offered, not filled in unasked; continuing it fills the steps and leaving at once asks nothing', async () => {
    const t = start({});
    await t.answer('loadInspirationDraft', { draft });
    expect(select.page(t.snap())).toBe('draftOffer');
    expect(select.offeredDraft(t.snap())).toEqual({ title: '', media: 1, products: 1, tags: 1 });
    expect(select.details(t.snap())).toEqual({ title: '', description: '', tags: [] });
    t.actor.send({ type: 'RESUME_DRAFT' });
    expect(select.page(t.snap())).toBe('steps');
    expect(select.media(t.snap())).toEqual([
      { key: 'm1', kind: 'image', contentType: 'image/png', name: 'cup.png', preview: '/media/uploads/media-7.png', status: 'done', mediaID: 'media-7', url: '/media/uploads/media-7.png' },
    ]);
    expect(select.products(t.snap())).toEqual([oolong]);
    expect(select.details(t.snap())).toEqual({ title: '', description: 'Half written', tags: ['oolong'] });
    expect(select.asksBeforeLeaving(t.snap())).toBe(false);
    t.actor.send({ type: 'LEAVE' });
    expect(t.snap().output).toEqual({ outcome: 'left' });
    expect(t.pending.clearInspirationDraft ?? []).toHaveLength(0);
  });

  it('discarding the offered draft clears it and starts blank; an empty draft is not offered', async () => {
    const t = start({});
    await t.answer('loadInspirationDraft', { draft });
    t.actor.send({ type: 'DISCARD_DRAFT' });
    expect(t.pending.clearInspirationDraft).toHaveLength(1);
    await t.answer('clearInspirationDraft', undefined);
    expect(select.page(t.snap())).toBe('steps');
    expect(select.media(t.snap())).toEqual([]);
    expect(select.asksBeforeLeaving(t.snap())).toBe(false);

    const empty = start({});
    await empty.answer('loadInspirationDraft', { draft: emptyDraft });
    expect(select.page(empty.snap())).toBe('steps');
  });

  it('every change goes to the draft: words, tags, products and uploaded media by reference, never the bytes', async () => {
    const t = start({});
    await t.answer('loadInspirationDraft', {});
    t.actor.send({ type: 'ADD_FILES', files: [png] });
    // Still uploading: not in the draft yet.
    expect(t.saves.at(-1)?.media).toEqual([]);
    await t.answer('uploadInspirationMedia', { ok: true, data: { MediaID: 'media-1', mediaUrl: '/media/uploads/media-1.png' } });
    t.actor.send({ type: 'ADD_PRODUCT', product: oolong });
    t.actor.send({ type: 'SET_DETAILS', title: 'Morning oolong', description: 'On the balcony' });
    t.actor.send({ type: 'ADD_TAG', tag: '#oolong' });
    expect(t.saves.at(-1)).toEqual({
      version: 1,
      media: [{ MediaID: 'media-1', kind: 'image', contentType: 'image/png', name: 'cup.png', url: '/media/uploads/media-1.png' }],
      products: [oolong],
      title: 'Morning oolong',
      description: 'On the balcony',
      tags: ['oolong'],
    });
    expect(JSON.stringify(t.saves)).not.toContain(PNG_DATA_URL.slice(30));
    expect(select.draftKept(t.snap())).toBe(true);
  });

  it('leaving with changes asks: keep writing stays with everything; discarding clears the draft, then leaves', async () => {
    const t = start({});
    await t.answer('loadInspirationDraft', {});
    t.actor.send({ type: 'LEAVE' });
    expect(t.snap().output, 'nothing written: no question').toEqual({ outcome: 'left' });

    const w = start({});
    await w.answer('loadInspirationDraft', {});
    w.actor.send({ type: 'GO_TO', step: 'details' });
    w.actor.send({ type: 'SET_DETAILS', title: 'Half a thought' });
    expect(select.asksBeforeLeaving(w.snap())).toBe(true);
    w.actor.send({ type: 'LEAVE' });
    expect(select.confirmingLeave(w.snap())).toBe(true);
    expect(select.leaveKind(w.snap())).toBe('draft');
    w.actor.send({ type: 'STAY' });
    expect(select.confirmingLeave(w.snap())).toBe(false);
    expect(w.snap().status).toBe('active');
    expect(select.details(w.snap()).title).toBe('Half a thought');
    w.actor.send({ type: 'LEAVE' });
    w.actor.send({ type: 'DISCARD' });
    expect(select.isDiscarding(w.snap())).toBe(true);
    await w.answer('clearInspirationDraft', undefined);
    expect(w.snap().output).toEqual({ outcome: 'left' });

    const kept = start({});
    await kept.answer('loadInspirationDraft', {});
    kept.actor.send({ type: 'ADD_TAG', tag: 'oolong' });
    kept.actor.send({ type: 'LEAVE' });
    kept.actor.send({ type: 'CONFIRM_LEAVE' });
    expect(kept.snap().output).toEqual({ outcome: 'left' });
    expect(kept.pending.clearInspirationDraft ?? [], 'the draft stays').toHaveLength(0);
  });

  it('an upload going on when the question comes keeps going', async () => {
    const t = start({});
    await t.answer('loadInspirationDraft', {});
    t.actor.send({ type: 'ADD_FILES', files: [png] });
    t.actor.send({ type: 'LEAVE' });
    await t.answer('uploadInspirationMedia', { ok: true, data: { MediaID: 'media-1', mediaUrl: '/m/1.png' } });
    t.actor.send({ type: 'STAY' });
    expect(select.uploadProgress(t.snap())).toEqual({ done: 1, total: 1, failed: 0 });
  });

  it('a publish that failed asks before leaving, back at the words', async () => {
    const t = start({});
    await t.answer('loadInspirationDraft', { draft });
    t.actor.send({ type: 'RESUME_DRAFT' });
    t.actor.send({ type: 'GO_TO', step: 'details' });
    t.actor.send({ type: 'SET_DETAILS', title: 'Balcony oolong' });
    t.actor.send({ type: 'PUBLISH' });
    await t.answer('createInspiration', { ok: false, code: 'InvalidParameter' });
    t.actor.send({ type: 'LEAVE' });
    expect(select.confirmingLeave(t.snap())).toBe(true);
    expect(select.step(t.snap())).toBe('details');
  });

  it('an edit keeps no draft: it is not read, written or cleared; unchanged it leaves at once, changed it asks', async () => {
    const t = start({ inspirationID: 'insp-1' });
    await t.answer('getUserInspiration', { ok: true, data: { Inspiration: post } });
    expect(t.pending.loadInspirationDraft ?? []).toHaveLength(0);
    expect(select.asksBeforeLeaving(t.snap())).toBe(false);
    t.actor.send({ type: 'GO_TO', step: 'details' });
    t.actor.send({ type: 'SET_DETAILS', title: 'Evening oolong' });
    expect(t.saves).toEqual([]);
    t.actor.send({ type: 'LEAVE' });
    expect(select.leaveKind(t.snap())).toBe('edit');
    t.actor.send({ type: 'DISCARD' });
    expect(t.snap().output).toEqual({ outcome: 'left' });
    expect(t.pending.clearInspirationDraft ?? []).toHaveLength(0);

    const unchanged = start({ inspirationID: 'insp-1' });
    await unchanged.answer('getUserInspiration', { ok: true, data: { Inspiration: post } });
    unchanged.actor.send({ type: 'SET_DETAILS', title: 'Evening oolong' });
    unchanged.actor.send({ type: 'SET_DETAILS', title: 'Morning oolong' });
    unchanged.actor.send({ type: 'LEAVE' });
    expect(unchanged.snap().output, 'changed back: nothing to lose').toEqual({ outcome: 'left' });
  });

  it('a copy keeps no draft: publishing it leaves the member’s new-post draft alone', async () => {
    const t = start({ copyFrom: 'insp-1' });
    await t.answer('getUserInspiration', { ok: true, data: { Inspiration: post } });
    t.actor.send({ type: 'SET_DETAILS', title: 'My take' });
    expect(t.saves).toEqual([]);
    t.actor.send({ type: 'LEAVE' });
    expect(select.leaveKind(t.snap())).toBe('unkept');
    t.actor.send({ type: 'STAY' });
    t.actor.send({ type: 'GO_TO', step: 'details' });
    t.actor.send({ type: 'PUBLISH' });
    await t.answer('createInspiration', { ok: true, data: { Inspiration: { InspirationID: 'insp-3', Status: 'Published' } } });
    expect(select.page(t.snap())).toBe('published');
    expect(t.pending.clearInspirationDraft ?? []).toHaveLength(0);
  });

  it('a device that cannot keep the draft: the post goes on for this visit, and the question says so', async () => {
    const machine = inspirationEditorMachine.provide({
      actors: {
        loadInspirationDraft: fromPromise(async () => ({})),
        storeInspirationDraft: fromCallback(() => {
          throw new Error('no Web Crypto');
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    await tick();
    expect(select.page(actor.getSnapshot())).toBe('steps');
    actor.send({ type: 'SET_DETAILS', title: 'x' });
    actor.send({ type: 'LEAVE' });
    expect(select.draftKept(actor.getSnapshot())).toBe(false);
    expect(select.leaveKind(actor.getSnapshot())).toBe('unkept');
  });
});
