/**
 * Data of the taste card's five steps (machines/taste-card-steps): the answers, their bounds and the
 * problems NEXT refuses. Structurally in step with contract/taste-cards.ts and contract/media.ts:
 * tests/machines/taste-card.test.ts proves the bounds equal the contract's. The taste card flow
 * (machines/taste-card) re-exports them.
 */

export type Bilingual = { en: string; zh: string };

/** Spec §9 taste levels 1-5 (contract TASTE_LEVEL_MIN / MAX). */
export const TASTE_LEVEL_MIN = 1;
export const TASTE_LEVEL_MAX = 5;
/** A level the member has not moved yet starts in the middle. */
export const TASTE_LEVEL_START = 3;
/** Spec §5 "select at least {count} items" (contract MIN_TASTE_NOTES). */
export const MIN_TASTE_NOTES = 3;
export const MAX_TASTE_NOTES = 12;
export const MAX_AROMAS = 12;
export const MAX_CUSTOM_WORDS = 5;
export const MAX_CUSTOM_WORD_LENGTH = 30;
export const MAX_RECIPE_STEPS = 12;
export const MAX_STEP_LENGTH = 300;
export const MAX_TITLE_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_RECIPE_TEXT_LENGTH = 200;
/** Recipe bounds (contract Parameter). */
export const MAX_WATER_ML = 5000;
export const MAX_AMOUNT_G = 1000;
export const MAX_TEMPERATURE_C = 100;
export const MAX_BREWING_TIME = 10_000;
/** The photo: JPEG, PNG or WebP of at most 2 MB (contract/media.ts AVATAR_TYPES / AVATAR_MAX_BYTES: the same upload). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Spec §9 five senses. */
export const FIVE_SENSES = ['Sweetness', 'Sourness', 'Bitterness', 'Saltiness', 'Umami'] as const;
export type Sense = (typeof FIVE_SENSES)[number];
export type FiveSenses = Record<Sense, number>;

/** Spec §9 recipe time units. */
export const TIME_UNITS = ['sec', 'min', 'hr'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
export const WATER_FLOWS = ['gentle', 'steady', 'fast'] as const;
export type WaterFlow = (typeof WATER_FLOWS)[number];
export const BODIES = ['light', 'medium', 'full'] as const;
export type Body = (typeof BODIES)[number];
export const AFTER_TASTES = ['short', 'medium', 'long'] as const;
export type AfterTaste = (typeof AFTER_TASTES)[number];

/** The steps of the card, in order; the stepper shows them as 1 to 5. */
export const STEPS = ['fiveSenses', 'notes', 'recipe', 'details', 'review'] as const;
export type TasteCardStep = (typeof STEPS)[number];

/** A chosen note or aroma: its ID is what is sent (spec §5); name and icon are kept to show the chip. */
export type ChosenWord = { id: string; name: Bilingual; icon: string };

/** The recipe as typed: numbers stay text until sent, so a half-typed value is never lost or rewritten. */
export type RecipeDraft = {
  water: string;
  amount: string;
  waterFlow: WaterFlow | '';
  temperature: string;
  brewingTime: string;
  brewingUnit: TimeUnit;
  body: Body | '';
  afterTaste: AfterTaste | '';
  flavour: string;
  feeling: string;
};

/** A photo the member chose: a data URL (its preview and, without the prefix, what is uploaded). */
export type ChosenPhoto = {
  dataUrl: string;
  type: string;
  size: number;
  name: string;
};

/** Everything the member has answered. */
export type TasteCardAnswers = {
  fiveSenses: FiveSenses;
  notes: ChosenWord[];
  customNotes: string[];
  aromas: ChosenWord[];
  customAromas: string[];
  recipe: RecipeDraft;
  steps: string[];
  title: string;
  description: string;
  photo?: ChosenPhoto | undefined;
};

/** A problem with an answer, named by field; the UI turns it into words. */
export type AnswerProblem =
  | { field: 'TasteNote'; code: 'tooFew'; min: number }
  | {
      field: 'TasteNote' | 'Aroma' | 'CustomTasteNote' | 'CustomAroma';
      code: 'tooMany';
      max: number;
    }
  | {
      field: 'Water' | 'Amount' | 'Temperature' | 'BrewingTime';
      code: 'notANumber' | 'outOfRange';
      max: number;
    }
  | { field: 'Flavour' | 'Feeling'; code: 'tooLong'; max: number }
  | { field: 'Step'; code: 'empty' | 'tooLong'; index: number; max: number }
  | { field: 'Step'; code: 'tooMany'; max: number }
  | { field: 'Title'; code: 'required' }
  | { field: 'Title' | 'Description'; code: 'tooLong'; max: number }
  | { field: Sense; code: 'outOfRange' };

/** Why a photo was not taken. */
export type PhotoProblem = 'notAPicture' | 'tooLarge' | 'empty';

/** Where the steps start: the answers so far, the step to resume at, and what was already flagged. */
export type TasteCardStepsInput = {
  answers: TasteCardAnswers;
  step: TasteCardStep;
  checked: TasteCardStep[];
  photoProblem?: PhotoProblem | undefined;
};

export type TasteCardStepsContext = TasteCardStepsInput & {
  /** How the steps ended: back to choosing the drink, or the card sent to be saved. */
  outcome?: TasteCardStepsOutcome | undefined;
};

export type TasteCardStepsOutcome = 'back' | 'submitted';

/** What the steps hand back: how they ended, and the answers as they are then. */
export type TasteCardStepsOutput = TasteCardStepsInput & { outcome: TasteCardStepsOutcome };

export type TasteCardStepsEvent =
  | { type: 'SET_LEVEL'; sense: Sense; level: number }
  | { type: 'TOGGLE_NOTE'; note: ChosenWord }
  | { type: 'ADD_CUSTOM_NOTE'; word: string }
  | { type: 'REMOVE_CUSTOM_NOTE'; word: string }
  | { type: 'TOGGLE_AROMA'; aroma: ChosenWord }
  | { type: 'ADD_CUSTOM_AROMA'; word: string }
  | { type: 'REMOVE_CUSTOM_AROMA'; word: string }
  | { type: 'SET_RECIPE'; recipe: Partial<RecipeDraft> }
  | { type: 'ADD_STEP' }
  | { type: 'SET_STEP'; index: number; text: string }
  | { type: 'REMOVE_STEP'; index: number }
  | { type: 'MOVE_STEP'; from: number; to: number }
  | {
      type: 'SET_DETAILS';
      title?: string | undefined;
      description?: string | undefined;
    }
  | { type: 'CHOOSE_PHOTO'; photo: ChosenPhoto }
  | { type: 'REMOVE_PHOTO' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  /** From the review: edit one step. */
  | { type: 'GO_TO'; step: Exclude<TasteCardStep, 'review'> }
  | { type: 'SUBMIT' };
