import type { tasteCardStepsMachine } from './taste-card-steps.machine.ts';
import type { ChosenWord, TasteCardAnswers, TasteCardStepsInput } from './taste-card-steps.types.ts';
import { blankAnswers, problemsOf } from './taste-card-steps.rules.ts';
import type { FlowFixtures } from '../../flows/model.ts';

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


/** Answers from an older visit with a level the steps no longer take (0): the member is stopped at step 1. */
export const badLevelAnswers: TasteCardAnswers = { ...fullAnswers, photo: undefined, fiveSenses: { ...fullAnswers.fiveSenses, Sweetness: 0 } };

const at = (step: TasteCardStepsInput['step'], answers = fullAnswers): TasteCardStepsInput => ({ answers, step, checked: [] });

/** What `npm run paths`, the tests and the flow atlas drive the tasteCardStepsMachine with. */
export const fixtures: FlowFixtures<typeof tasteCardStepsMachine> = {
  // A fresh card at the first step; a draft resumed at each later step; an older draft stopped at step 1.
  inputs: [at('fiveSenses', blankAnswers()), at('review'), at('notes'), at('recipe'), at('details'), at('fiveSenses', badLevelAnswers)],
  describeInput: (input) => `at ${input.step}${input.answers === fullAnswers ? ', all answered' : ''}`,
  events: {
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
  },
  actors: {},
  // What decides where the steps go: whether the step shown passes (at the review: the whole card).
  abstraction: (snapshot) => ({ stepOK: problemsOf(snapshot.context.step, snapshot.context.answers).length === 0 }),
};
