import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { mastercard, newCard, visa } from '../../machines/payment-choice/payment-choice.fixtures.ts';
import { paymentChoiceMachine } from '../../machines/payment-choice/payment-choice.machine.ts';
import * as select from '../../machines/payment-choice/payment-choice.selectors.ts';
import type { CallResult, PaymentChoiceInput, PaymentChoiceOutput } from '../../machines/payment-choice/payment-choice.types.ts';
import { NETWORK_ERROR } from '../../machines/payment-choice/payment-choice.types.ts';
import { coverage, formatCoverage, modelPaths } from './coverage.ts';
import { paymentChoiceModel } from './payment-choice.model.ts';
import { replayOnActor } from '../support/replay.ts';

const paths = modelPaths(paymentChoiceModel);

describe('paymentChoice: model paths', () => {
  it('reach every state and take every transition', () => {
    const c = coverage(paymentChoiceMachine, paths);
    expect(c.states.missing, formatCoverage(c)).toEqual([]);
    expect(c.transitions.missing, formatCoverage(c)).toEqual([]);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, p) => {
    const { calls } = await replayOnActor(paymentChoiceModel, p);
    for (const call of calls) {
      // The cards are read for the card method, or for a card asked for before they were read (the remembered one).
      if (call.src === 'getPaymentMehtod')
        expect([{ type: 'SELECT_METHOD', method: 'CreditCard' }, ...(p.input.choice.cards === undefined ? [{ type: 'SELECT_CARD', cardID: expect.any(String) }] : [])]).toContainEqual(p.input.request);
      if (call.src === 'addCreditCard') expect(call.input).toEqual({ number: '4242 4242 4242 4242', exp_month: 4, exp_year: 2031, cvc: '123' });
      if (call.src === 'addPaymentMehtod') expect(call.input).toEqual({ PaymentMethodID: 'pm_new' });
    }
  });
});

describe('paymentChoice: every state names its step (the page never guesses one)', () => {
  it('each state that is not final carries exactly one step: tag, its own or its parent’s', () => {
    for (const node of getStateNodes(paymentChoiceMachine.root)) {
      if (node.type === 'final') continue;
      const tags = [node, ...(node.parent ? [node.parent] : [])].flatMap((n) => n.tags.filter((t) => t.startsWith('step:')));
      if (node.type === 'atomic') expect(tags.length, node.id).toBe(1);
      else expect(tags.length, node.id).toBeLessThanOrEqual(1);
    }
  });
});

const ok = <T,>(data: T): CallResult<T> => ({ ok: true, data });
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

type Answers = { cards?: () => Promise<CallResult<{ PaymentMethodList: typeof visa[] }>>; token?: () => CallResult<{ PaymentMethodID: string }> };

function choose(input: PaymentChoiceInput, answers: Answers = {}) {
  const calls: string[] = [];
  const machine = paymentChoiceMachine.provide({
    actors: {
      getPaymentMehtod: fromPromise(async () => (calls.push('getPaymentMehtod'), (answers.cards ?? (async () => ok({ PaymentMethodList: [visa, mastercard] })))())),
      addCreditCard: fromPromise(async () => (calls.push('addCreditCard'), (answers.token ?? (() => ok({ PaymentMethodID: 'pm_new' })))())),
      addPaymentMehtod: fromPromise(async () => (calls.push('addPaymentMehtod'), ok({ PaymentMethod: newCard }))),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls, output: () => actor.getSnapshot().output as PaymentChoiceOutput | undefined };
}

describe('paymentChoice: behaviour', () => {
  it('a card asked for before the cards are read (remembered from the last payment) is chosen when it is still saved', async () => {
    const t = choose({ choice: {}, request: { type: 'SELECT_CARD', cardID: 'pm_mc' } });
    expect(select.choice(t.actor.getSnapshot())).toMatchObject({ method: 'CreditCard', cardID: 'pm_mc' });
    expect(select.isLoadingCards(t.actor.getSnapshot())).toBe(true);
    await tick();
    expect(t.calls).toEqual(['getPaymentMehtod']);
    expect(t.output()).toEqual({ method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_mc', error: undefined });
  });

  it('a remembered card no longer saved is not chosen: the first saved card is, and none when none is saved', async () => {
    const removed = choose({ choice: {}, request: { type: 'SELECT_CARD', cardID: 'pm_removed' } });
    await tick();
    expect(removed.output()).toMatchObject({ method: 'CreditCard', cardID: 'pm_visa' });
    const none = choose({ choice: {}, request: { type: 'SELECT_CARD', cardID: 'pm_removed' } }, { cards: async () => ok({ PaymentMethodList: [] }) });
    await tick();
    expect(none.output()).toMatchObject({ method: 'CreditCard', cards: [], cardID: undefined });
  });

  it('a card not saved, asked for once the cards are read, changes nothing', async () => {
    const t = choose({ choice: { method: 'CreditCard', cards: [visa], cardID: 'pm_visa' }, request: { type: 'SELECT_CARD', cardID: 'pm_removed' } });
    await tick();
    expect(t.calls).toEqual([]);
    expect(t.output()).toMatchObject({ method: 'CreditCard', cardID: 'pm_visa' });
  });

  it('the card method reads the saved cards and keeps the card chosen when it is still among them', async () => {
    const t = choose({ choice: { method: 'Alipay', cards: [visa, mastercard], cardID: 'pm_mc', error: { code: 'PaymentNotTaken' } }, request: { type: 'SELECT_METHOD', method: 'CreditCard' } });
    // The method is the one asked for at once (the page shows it while the cards load), and the last reason is gone.
    expect(select.choice(t.actor.getSnapshot())).toMatchObject({ method: 'CreditCard', error: undefined });
    expect(select.isLoadingCards(t.actor.getSnapshot())).toBe(true);
    expect(select.isBusy(t.actor.getSnapshot())).toBe(true);
    await tick();
    expect(t.output()).toEqual({ method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_mc', error: undefined });
  });

  it('no saved card chosen yet: the first one is; none saved: no card', async () => {
    const first = choose({ choice: {}, request: { type: 'SELECT_METHOD', method: 'CreditCard' } });
    await tick();
    expect(first.output()?.cardID).toBe('pm_visa');
    const none = choose({ choice: {}, request: { type: 'SELECT_METHOD', method: 'CreditCard' } }, { cards: async () => ok({ PaymentMethodList: [] }) });
    await tick();
    expect(none.output()).toMatchObject({ method: 'CreditCard', cards: [], cardID: undefined });
  });

  it('the cards not read: the card method stays chosen, with the reason', async () => {
    const t = choose({ choice: {}, request: { type: 'SELECT_METHOD', method: 'CreditCard' } }, { cards: () => Promise.reject(new Error('network down')) });
    await tick();
    expect(t.output()).toEqual({ method: 'CreditCard', cards: undefined, cardID: undefined, error: { code: NETWORK_ERROR } });
  });

  it('Alipay and FPS need no call; a saved card is picked at once; a card the member does not have changes nothing', () => {
    const fps = choose({ choice: { method: 'CreditCard', cards: [visa], cardID: 'pm_visa' }, request: { type: 'SELECT_METHOD', method: 'FPS' } });
    expect(fps.output()).toEqual({ method: 'FPS', cards: [visa], cardID: 'pm_visa', error: undefined });
    const card = choose({ choice: { method: 'CreditCard', cards: [visa, mastercard], cardID: 'pm_visa' }, request: { type: 'SELECT_CARD', cardID: 'pm_mc' } });
    expect(card.output()?.cardID).toBe('pm_mc');
    const unknown = choose({ choice: { method: 'CreditCard', cards: [visa], cardID: 'pm_visa', error: { code: 'PaymentFail' } }, request: { type: 'SELECT_CARD', cardID: 'pm_x' } });
    expect(unknown.output()).toEqual({ method: 'CreditCard', cards: [visa], cardID: 'pm_visa', error: { code: 'PaymentFail' } });
    expect([...fps.calls, ...card.calls, ...unknown.calls]).toEqual([]);
  });

  it('a new card: refused, the form says why and stays; accepted, it is saved, added and selected', async () => {
    let refuse = true;
    const t = choose(
      { choice: { method: 'CreditCard', cards: [visa], cardID: 'pm_visa' }, request: { type: 'ADD_CARD' } },
      { token: () => (refuse ? { ok: false, code: 'PaymentFail', message: 'Your card number is incorrect.' } : ok({ PaymentMethodID: 'pm_new' })) },
    );
    expect(select.step(t.actor.getSnapshot())).toBe('addCard');
    const card = { type: 'SUBMIT_CARD', number: '4000 0000 0000 0002', expMonth: 4, expYear: 2031, cvc: '123' } as const;
    t.actor.send(card);
    await tick();
    expect(select.isAddingCard(t.actor.getSnapshot())).toBe(true);
    expect(select.choice(t.actor.getSnapshot()).error).toEqual({ code: 'PaymentFail', message: 'Your card number is incorrect.' });
    refuse = false;
    t.actor.send(card);
    await tick();
    await tick();
    expect(t.calls).toEqual(['addCreditCard', 'addCreditCard', 'addPaymentMehtod']);
    expect(t.output()).toEqual({ method: 'CreditCard', cards: [visa, newCard], cardID: 'pm_new', error: undefined });
  });

  it('the add-card form cancelled: nothing changes but the reason shown', () => {
    const t = choose({ choice: { method: 'CreditCard', cards: [visa], cardID: 'pm_visa', error: { code: 'PaymentFail' } }, request: { type: 'ADD_CARD' } });
    t.actor.send({ type: 'CANCEL' });
    expect(t.output()).toEqual({ method: 'CreditCard', cards: [visa], cardID: 'pm_visa', error: undefined });
  });
});
