/**
 * Writing and sending a newsletter issue from the back office (issue 32, machines/newsletter-send): model paths from
 * xstate/graph cover every state and transition and replay on a running actor; then the behaviour staff rely on: the
 * draft is saved before the preview (and saved again as the same issue), the confirmation shows who it goes to, one
 * send however often Send is pressed, and a lost answer is retried with the same RequestID.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CallBodyInput, CallResponse } from '../../contract/define.ts';
import type { staffSaveNewsletterIssue, staffSendNewsletterIssue } from '../../contract/staff-newsletter.ts';
import { newsletterSendMachine } from '../../machines/newsletter-send/newsletter-send.machine.ts';
import * as select from '../../machines/newsletter-send/newsletter-send.selectors.ts';
import type {
  CallResult,
  NewsletterSendInput,
  NewsletterWords,
  SaveIssueInput,
  SaveIssueOutput,
  SendIssueInput,
  SendIssueOutput,
} from '../../machines/newsletter-send/newsletter-send.types.ts';
import { replayOnActor } from '../support/replay.ts';
import { coverage, modelPaths } from './coverage.ts';
import { newsletterSendModel } from './newsletter-send.model.ts';

const paths = modelPaths(newsletterSendModel);

describe('newsletterSend: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(newsletterSendMachine, paths);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(newsletterSendModel, p);
    // How each save ended, in order: a save names the issue once one went through (the fixtures answer issue-1).
    const saves = p.path.steps.map((s) => s.event).filter((e) => e.type.endsWith('.actor.saveIssue'));
    let saved = p.input.IssueID;
    for (const call of calls) {
      if (call.src === 'saveIssue') {
        expect((call.input as SaveIssueInput).IssueID).toBe(saved);
        const outcome = saves.shift() as { output?: CallResult<SaveIssueOutput> } | undefined;
        if (outcome?.output?.ok) saved = 'issue-1';
      } else {
        expect(call.src).toBe('sendIssue');
        // Only a saved issue is sent, always with the composer's one RequestID.
        expect(call.input).toEqual({ IssueID: 'issue-1', RequestID: p.input.RequestID });
      }
    }
  });
});

describe('newsletterSend: its data is the contract’s', () => {
  it('sends bodies the calls take and reads what they answer', () => {
    expectTypeOf<SaveIssueInput>().toExtend<CallBodyInput<typeof staffSaveNewsletterIssue>>();
    expectTypeOf<CallResponse<typeof staffSaveNewsletterIssue>>().toExtend<SaveIssueOutput>();
    expectTypeOf<SendIssueInput>().toExtend<CallBodyInput<typeof staffSendNewsletterIssue>>();
    expectTypeOf<CallResponse<typeof staffSendNewsletterIssue>>().toExtend<SendIssueOutput>();
  });
});

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
const WORDS: NewsletterWords = { Subject: { en: 'Winter teas', zh: '冬茶' }, Body: { en: 'Pu-erh is back.', zh: '普洱回來了。' } };
const EMPTY: NewsletterWords = { Subject: { en: '', zh: '' }, Body: { en: '', zh: '' } };
const issue = (extra: object = {}) => ({ IssueID: 'issue-9', Status: 'draft' as const, ...WORDS, Recipients: 0, Sent: 0, Skipped: 0, ...extra });
const savedAnswer = (total = 3): CallResult<SaveIssueOutput> => ({ ok: true, data: { Issue: issue(), Audience: { Total: total, En: total - 1, Zh: total > 0 ? 1 : 0 } } });
const sentAnswer = (Repeated = false): CallResult<SendIssueOutput> => ({ ok: true, data: { Issue: issue({ Status: 'sending', Recipients: 3 }), Repeated } });

type Answer<T> = CallResult<T> | 'no answer';
function start(input: NewsletterSendInput, saves: Answer<SaveIssueOutput>[], sends: Answer<SendIssueOutput>[] = []) {
  const saved: SaveIssueInput[] = [];
  const sent: SendIssueInput[] = [];
  const answer = <T,>(list: Answer<T>[], n: number) => {
    const a = list[Math.min(n - 1, list.length - 1)];
    if (!a || a === 'no answer') throw new Error('network down');
    return a;
  };
  const actor = createActor(
    newsletterSendMachine.provide({
      actors: {
        saveIssue: fromPromise(async ({ input: body }) => answer(saves, saved.push(body))),
        sendIssue: fromPromise(async ({ input: body }) => answer(sends, sent.push(body))),
      },
    }),
    { input },
  ).start();
  return { actor, saved, sent, snapshot: () => actor.getSnapshot() };
}

describe('newsletterSend: behaviour', () => {
  it('saves a new issue before its preview, saves it again as the same issue, and a double press on Send sends once', async () => {
    const { actor, saved, sent, snapshot } = start({ Words: EMPTY, RequestID: 'req-0001-abcd' }, [savedAnswer()], [sentAnswer()]);
    expect(select.isComposing(snapshot())).toBe(true);
    actor.send({ type: 'PREVIEW', words: WORDS });
    expect(select.isBusy(snapshot())).toBe(true);
    actor.send({ type: 'PREVIEW', words: WORDS });
    await tick();
    expect(saved).toEqual([{ ...WORDS }]);
    expect(select.isPreviewing(snapshot())).toBe(true);
    expect(select.words(snapshot())).toEqual(WORDS);
    expect(select.issueID(snapshot())).toBe('issue-9');

    actor.send({ type: 'EDIT' });
    actor.send({ type: 'SAVE', words: { ...WORDS, Subject: { en: 'Winter teas, again', zh: '冬茶' } } });
    await tick();
    expect(select.isComposing(snapshot())).toBe(true);
    expect(select.draftSaved(snapshot())).toBe(true);
    expect(saved[1]).toMatchObject({ IssueID: 'issue-9', Subject: { en: 'Winter teas, again' } });

    actor.send({ type: 'PREVIEW', words: WORDS });
    await tick();
    actor.send({ type: 'NEXT' });
    expect(select.isConfirming(snapshot())).toBe(true);
    expect(select.audience(snapshot())).toEqual({ Total: 3, En: 2, Zh: 1 });
    expect(select.canSend(snapshot())).toBe(true);
    actor.send({ type: 'SEND' });
    expect(select.isSending(snapshot())).toBe(true);
    expect(select.canSend(snapshot())).toBe(false);
    actor.send({ type: 'SEND' });
    await tick();
    expect(sent).toEqual([{ IssueID: 'issue-9', RequestID: 'req-0001-abcd' }]);
    expect(select.isSent(snapshot())).toBe(true);
    expect(select.sent(snapshot())?.Issue.Recipients).toBe(3);
  });

  it('a lost answer and a refusal are retried with the same RequestID, and the repeat answers sent', async () => {
    const { actor, sent, snapshot } = start({ IssueID: 'issue-9', Words: WORDS, RequestID: 'req-0002-abcd' }, [savedAnswer()], ['no answer', { ok: false, code: 'InternalError' }, sentAnswer(true)]);
    actor.send({ type: 'PREVIEW', words: WORDS });
    await tick();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SEND' });
    await tick();
    expect(select.isFailed(snapshot())).toBe(true);
    expect(select.error(snapshot())).toBe('NetworkError');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.error(snapshot())).toBe('InternalError');
    actor.send({ type: 'RETRY' });
    await tick();
    expect(select.isSent(snapshot())).toBe(true);
    expect(select.sent(snapshot())?.Repeated).toBe(true);
    expect(sent).toEqual(Array.from({ length: 3 }, () => ({ IssueID: 'issue-9', RequestID: 'req-0002-abcd' })));
  });

  it('with nobody subscribed the confirmation sends nothing; back and close leave the draft a draft', async () => {
    const { actor, sent, snapshot } = start({ IssueID: 'issue-9', Words: WORDS, RequestID: 'req-0003-abcd' }, [savedAnswer(0)]);
    actor.send({ type: 'PREVIEW', words: WORDS });
    await tick();
    actor.send({ type: 'NEXT' });
    expect(select.canSend(snapshot())).toBe(false);
    actor.send({ type: 'SEND' });
    await tick();
    expect(select.isConfirming(snapshot())).toBe(true);
    actor.send({ type: 'BACK' });
    expect(select.isPreviewing(snapshot())).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(select.isCancelled(snapshot())).toBe(true);
    expect(sent).toEqual([]);
  });

  it('a refused or lost save keeps the words and says why; the next save clears it', async () => {
    const { actor, saved, snapshot } = start({ IssueID: 'issue-9', Words: WORDS, RequestID: 'req-0004-abcd' }, [{ ok: false, code: 'NewsletterAlreadySent' }, 'no answer', savedAnswer()]);
    actor.send({ type: 'SAVE', words: WORDS });
    await tick();
    expect(select.isComposing(snapshot())).toBe(true);
    expect(select.error(snapshot())).toBe('NewsletterAlreadySent');
    expect(select.draftSaved(snapshot())).toBe(false);
    actor.send({ type: 'PREVIEW', words: WORDS });
    await tick();
    expect(select.error(snapshot())).toBe('NetworkError');
    expect(select.words(snapshot())).toEqual(WORDS);
    actor.send({ type: 'PREVIEW', words: WORDS });
    await tick();
    expect(select.isPreviewing(snapshot())).toBe(true);
    expect(select.error(snapshot())).toBeUndefined();
    expect(saved).toHaveLength(3);
  });
});
