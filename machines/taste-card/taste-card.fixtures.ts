import type { tasteCardMachine } from './taste-card.machine.ts';
import type { CardProduct, ChosenWord, TasteCardAnswers, TasteCardDraft } from './taste-card.types.ts';
import { blankAnswers, problemsOf } from './taste-card.rules.ts';
import type { FlowFixtures } from '../../flows/model.ts';

export const oolong: CardProduct = {
  ProductID: 'p-oolong',
  Name: { en: 'Dong Ding Oolong', zh: '凍頂烏龍' },
  Image: '/media/products/dong-ding.webp',
  ProductTypeID: 'tea',
};

export const jasmine: ChosenWord = {
  id: 'tn-jasmine',
  name: { en: 'Jasmine', zh: '茉莉' },
  icon: 'floral',
};
export const honey: ChosenWord = {
  id: 'tn-honey',
  name: { en: 'Honey', zh: '蜂蜜' },
  icon: 'sweet',
};
export const roasted: ChosenWord = {
  id: 'tn-roasted-nut',
  name: { en: 'Roasted nut', zh: '烘焙堅果' },
  icon: 'roasted',
};
export const orchid: ChosenWord = {
  id: 'ar-orchid',
  name: { en: 'Orchid', zh: '蘭花' },
  icon: 'floral',
};

/** A 1×1 PNG. */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Answers a card can be saved with. */
export const fullAnswers: TasteCardAnswers = {
  ...blankAnswers(),
  fiveSenses: {
    Sweetness: 4,
    Sourness: 2,
    Bitterness: 2,
    Saltiness: 1,
    Umami: 3,
  },
  notes: [jasmine, honey, roasted],
  customNotes: ['Grandma’s kitchen'],
  aromas: [orchid],
  recipe: {
    ...blankAnswers().recipe,
    water: '150',
    amount: '7',
    temperature: '95',
    brewingTime: '45',
    brewingUnit: 'sec',
    waterFlow: 'gentle',
    body: 'medium',
  },
  steps: ['Rinse the leaves', 'Steep 45 seconds'],
  title: 'Honeyed and floral',
  description: 'Second steep was the best.',
  photo: {
    dataUrl: PNG_DATA_URL,
    type: 'image/png',
    size: 68,
    name: 'cup.png',
  },
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
  answers: {
    ...fullAnswers,
    photo: undefined,
    fiveSenses: { ...fullAnswers.fiveSenses, Sweetness: 0 },
  },
};

/** What `npm run paths`, the tests and the flow atlas drive the tasteCardMachine with. */
export const fixtures: FlowFixtures<typeof tasteCardMachine> = {
  inputs: [
    { productID: 'p-oolong', currency: 'HKD', language: 'en' },
    { currency: 'HKD', language: 'zh' },
  ],
  describeInput: (input) => (input.productID ? `for ${input.productID}` : 'no drink chosen'),
  events: {
    SELECT_PRODUCT: [{ type: 'SELECT_PRODUCT', product: oolong }],
    CHANGE_PRODUCT: [{ type: 'CHANGE_PRODUCT' }],
    SET_LEVEL: [{ type: 'SET_LEVEL', sense: 'Sweetness', level: 5 }],
    TOGGLE_NOTE: [{ type: 'TOGGLE_NOTE', note: jasmine }],
    ADD_CUSTOM_NOTE: [{ type: 'ADD_CUSTOM_NOTE', word: '  wet   stone ' }],
    REMOVE_CUSTOM_NOTE: [{ type: 'REMOVE_CUSTOM_NOTE', word: 'Grandma’s kitchen' }],
    TOGGLE_AROMA: [{ type: 'TOGGLE_AROMA', aroma: orchid }],
    ADD_CUSTOM_AROMA: [{ type: 'ADD_CUSTOM_AROMA', word: 'Rain on slate' }],
    REMOVE_CUSTOM_AROMA: [{ type: 'REMOVE_CUSTOM_AROMA', word: 'Rain on slate' }],
    SET_RECIPE: [
      { type: 'SET_RECIPE', recipe: { water: 'lots' } },
      { type: 'SET_RECIPE', recipe: { water: '150', brewingUnit: 'min' } },
    ],
    ADD_STEP: [{ type: 'ADD_STEP' }],
    SET_STEP: [{ type: 'SET_STEP', index: 0, text: 'Warm the pot' }],
    REMOVE_STEP: [{ type: 'REMOVE_STEP', index: 0 }],
    MOVE_STEP: [{ type: 'MOVE_STEP', from: 0, to: 1 }],
    SET_DETAILS: [
      { type: 'SET_DETAILS', title: 'Honeyed and floral' },
      { type: 'SET_DETAILS', title: '   ' },
    ],
    CHOOSE_PHOTO: [
      {
        type: 'CHOOSE_PHOTO',
        photo: {
          dataUrl: PNG_DATA_URL,
          type: 'image/png',
          size: 68,
          name: 'cup.png',
        },
      },
      {
        type: 'CHOOSE_PHOTO',
        photo: {
          dataUrl: 'data:application/pdf;base64,JVBERi0=',
          type: 'application/pdf',
          size: 5,
          name: 'menu.pdf',
        },
      },
    ],
    REMOVE_PHOTO: [{ type: 'REMOVE_PHOTO' }],
    NEXT: [{ type: 'NEXT' }],
    BACK: [{ type: 'BACK' }],
    GO_TO: [
      { type: 'GO_TO', step: 'fiveSenses' },
      { type: 'GO_TO', step: 'notes' },
      { type: 'GO_TO', step: 'recipe' },
      { type: 'GO_TO', step: 'details' },
    ],
    SUBMIT: [{ type: 'SUBMIT' }],
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
