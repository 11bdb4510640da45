import type { tasteCardMachine } from './taste-card.machine.ts';
import type { CardProduct, TasteCardDraft } from './taste-card.types.ts';
import { blankAnswers, problemsOf } from './taste-card.rules.ts';
import type { FlowFixtures } from '../../flows/model.ts';
// The answers are the five steps' (machines/taste-card-steps has its own model for how they change).
import { badLevelAnswers, fixtures as steps, fullAnswers } from '../taste-card-steps/taste-card-steps.fixtures.ts';
export { fullAnswers, honey, jasmine, orchid, PNG_DATA_URL, roasted } from '../taste-card-steps/taste-card-steps.fixtures.ts';

export const oolong: CardProduct = {
  ProductID: 'p-oolong',
  Name: { en: 'Dong Ding Oolong', zh: '凍頂烏龍' },
  Image: '/media/products/dong-ding.webp',
  ProductTypeID: 'tea',
};

/** A draft kept at the review, everything answered. */
export const draftAtReview: TasteCardDraft = {
  version: 1,
  product: oolong,
  step: 'review',
  answers: fullAnswers,
};
/** A draft from an older visit with a level the flow no longer takes (0): the member is stopped at step 1. */
export const draftWithBadLevel: TasteCardDraft = {
  version: 1,
  product: oolong,
  step: 'fiveSenses',
  answers: badLevelAnswers,
};

/** What `npm run paths`, the tests and the flow atlas drive the tasteCardMachine with. */
export const fixtures: FlowFixtures<typeof tasteCardMachine> = {
  inputs: [
    { productID: 'p-oolong', currency: 'HKD', language: 'en' },
    { currency: 'HKD', language: 'zh' },
  ],
  describeInput: (input) => (input.productID ? `for ${input.productID}` : 'no drink chosen'),
  events: {
    // While writing, the steps' events are forwarded to them.
    ...steps.events,
    SELECT_PRODUCT: [{ type: 'SELECT_PRODUCT', product: oolong }],
    CHANGE_PRODUCT: [{ type: 'CHANGE_PRODUCT' }],
    RETRY: [{ type: 'RETRY' }],
    LEAVE: [{ type: 'LEAVE' }],
    STAY: [{ type: 'STAY' }],
    CONFIRM_LEAVE: [{ type: 'CONFIRM_LEAVE' }],
    DISCARD: [{ type: 'DISCARD' }],
  },
  actors: {
    loadTasteCardDraft: {
      done: [
        {},
        { draft: draftAtReview },
        { draft: { ...draftAtReview, step: 'notes' } },
        { draft: { ...draftAtReview, step: 'recipe' } },
        { draft: { ...draftAtReview, step: 'details' } },
        { draft: draftWithBadLevel },
        { draft: { ...draftAtReview, step: 'fiveSenses', origin: 'survey' } },
      ],
      error: new Error('storage unreadable'),
    },
    storeTasteCardDraft: {
      done: [undefined],
      error: new Error('no Web Crypto'),
    },
    clearTasteCardDraft: {
      done: [undefined],
      error: new Error('storage unwritable'),
    },
    getProduct: {
      done: [
        { ok: true, data: { Product: oolong } },
        { ok: false, code: 'ObjectNotFound' },
      ],
      error: new Error('network down'),
    },
    uploadTemporaryMedia: {
      done: [
        {
          ok: true,
          data: { MediaID: 'media-1', mediaUrl: '/media/uploads/media-1.png' },
        },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
    // Where the five steps ended: saved from the review (with a photo or without), or back to choosing the drink.
    tasteCardSteps: {
      done: [
        { outcome: 'submitted', answers: fullAnswers, step: 'review', checked: [] },
        { outcome: 'submitted', answers: { ...fullAnswers, photo: undefined }, step: 'review', checked: [] },
        { outcome: 'back', answers: fullAnswers, step: 'fiveSenses', checked: [] },
      ],
      error: new Error('the steps stopped'),
    },
    newCreateTasteCard: {
      done: [
        {
          ok: true,
          data: {
            Card: {
              CardID: 'card-1',
              ProductID: 'p-oolong',
              Title: 'Honeyed and floral',
            },
          },
        },
        { ok: false, code: 'InvalidParameter' },
      ],
      error: new Error('network down'),
    },
  },
  // What decides where the flow goes: whether the step shown passes (at the review: the whole card), whether anything is
  // answered (leaving asks), where leaving was asked from. Photos, drinks and the step a draft resumes at come from the drafts.
  abstraction: (snapshot) => ({
    stepOK: problemsOf(snapshot.context.step, snapshot.context.answers).length === 0,
    // Whether the photo is up already decides the saving's first step; while editing it changes nothing.
    uploaded: !snapshot.matches('editing') && snapshot.context.mediaID !== undefined,
    blank: JSON.stringify(snapshot.context.answers) === JSON.stringify(blankAnswers()),
    leaveFrom: snapshot.context.leaveFrom,
    // Choosing the drink of a draft offered resumes it; another drink starts afresh.
    offered: snapshot.context.savedDraft?.product.ProductID,
  }),
};
