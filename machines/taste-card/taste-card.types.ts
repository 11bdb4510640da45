/**
 * Data of the taste card flow (issue 16). Structurally in step with contract/taste-cards.ts and
 * contract/media.ts: tests/machines/taste-card.test.ts proves the bounds and what is sent equal the
 * contract's.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

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

/** The product the card is for: what the flow shows of it (its name, its default image). */
export type CardProduct = {
  ProductID: string;
  Name: Bilingual;
  Image: string;
  ProductTypeID: string;
};

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

/** What is kept on the device between visits (encrypted by the app, spec §9). */
export type TasteCardDraft = {
  version: 1;
  product: CardProduct;
  step: TasteCardStep;
  answers: TasteCardAnswers;
  /**
   * Where the answers came from: 'survey' when an event survey's "Save as a taste card" started the card
   * (src/features/surveys); absent when the member wrote them on an earlier visit. The flow says which.
   */
  origin?: 'survey' | undefined;
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

/** getProduct {Currency, ProductID}. */
export type GetProductInput = { Currency: 'HKD' | 'USD'; ProductID: string };
export type GetProductOutput = { Product: CardProduct };

/** upload-temporary-media, then the PUT of the photo as base64 without its data-URL prefix (spec §5). */
export type UploadTemporaryMediaInput = { Base64: string; ContentType: string };
export type UploadTemporaryMediaOutput = { MediaID: string; mediaUrl: string };

/** new-create-taste-card: what the flow sends (contract newCreateTasteCard body). */
export type NewCreateTasteCardInput = {
  ProductID: string;
  Title: string;
  Description: string;
  FiveSenses: FiveSenses;
  Parameter: {
    Water?: number;
    Amount?: number;
    WaterFlow?: WaterFlow;
    Temperature?: number;
    BrewingTime?: { Value: number; Unit: TimeUnit };
    Body?: Body;
    AfterTaste?: AfterTaste;
    Flavour?: string;
    Feeling?: string;
  };
  TasteNote: string[];
  CustomTasteNote: string[];
  Aroma: string[];
  CustomAroma: string[];
  Step: Array<{ Text: string }>;
  Language: 'en' | 'zh';
  ProductImageType: 'default' | 'photo';
  Photo?: string;
};
/** The saved card: only what the flow needs afterwards. */
export type NewCreateTasteCardOutput = {
  Card: { CardID: string; ProductID: string; Title: string };
};

/** The draft store answers what it found, if anything (an unreadable draft is none). */
export type LoadTasteCardDraftOutput = { draft?: TasteCardDraft | undefined };

/** What the draft store (a callback actor the app provides) is told. */
export type DraftStoreMessage = { type: 'SAVE'; draft: TasteCardDraft };

export type TasteCardInput = {
  /** new_tastecard/{productID}: the product chosen before the flow. */
  productID?: string | undefined;
  currency: 'HKD' | 'USD';
  /** The language the card is written in (the shop's language). */
  language: 'en' | 'zh';
};

export type TasteCardContext = {
  input: TasteCardInput;
  product?: CardProduct | undefined;
  answers: TasteCardAnswers;
  /** The step the member was last on (kept in the draft, where a reload resumes). */
  step: TasteCardStep;
  /** Steps on which NEXT was refused: their problems now show. */
  checked: TasteCardStep[];
  photoProblem?: PhotoProblem | undefined;
  /** The MediaID of the photo once uploaded (not uploaded again on a retry). */
  mediaID?: string | undefined;
  /** Whether a draft was found and restored (the UI says so). */
  restored: boolean;
  /** Where the restored draft's answers came from (TasteCardDraft.origin). */
  restoredOrigin?: TasteCardDraft['origin'];
  /**
   * The draft kept on this device when the flow began without a drink: offered while choosing, and resumed
   * only when its drink is chosen (another drink starts a fresh card, and that card's draft replaces it).
   */
  savedDraft?: TasteCardDraft | undefined;
  /** false once the draft store failed: answers are then kept for this visit only. */
  draftStoreOn: boolean;
  card?: NewCreateTasteCardOutput['Card'] | undefined;
  /** Where the leave question was asked from: STAY returns there. */
  leaveFrom?: 'choosing' | 'writing' | 'failed' | undefined;
  /** Why the last call failed: a spec §8 code, or 'NetworkError'. */
  errorCode?: CallCode | undefined;
};

export type TasteCardEvent =
  /** The member picked the drink the card is for (their drinks, or a search). */
  | { type: 'SELECT_PRODUCT'; product: CardProduct }
  /** Back from the steps to choosing the drink; answers kept. */
  | { type: 'CHANGE_PRODUCT' }
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
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  /** The member tries to leave the flow (navigation, the close button). */
  | { type: 'LEAVE' }
  /** Leave-confirm answers: keep writing, leave (the draft stays on the device), or leave and throw the draft away. */
  | { type: 'STAY' }
  | { type: 'CONFIRM_LEAVE' }
  | { type: 'DISCARD' };

export type TasteCardOutput = { outcome: 'saved'; card: NewCreateTasteCardOutput['Card'] } | { outcome: 'left' };

export type TasteCardTag = 'busy' | 'saving';
