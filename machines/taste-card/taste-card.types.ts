/**
 * Data of the taste card flow (issue 16). Structurally in step with contract/taste-cards.ts and
 * contract/media.ts: tests/machines/taste-card.test.ts proves the bounds and what is sent equal the
 * contract's. The answers and their bounds belong to the five steps (machines/taste-card-steps) and
 * are re-exported here, so the pages read one place.
 */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';
import type { tasteCardStepsMachine } from '../taste-card-steps/taste-card-steps.machine.ts';
import type {
  AfterTaste,
  Bilingual,
  Body,
  FiveSenses,
  TasteCardAnswers,
  TasteCardStep,
  TasteCardStepsEvent,
  TasteCardStepsInput,
  TimeUnit,
  WaterFlow,
} from '../taste-card-steps/taste-card-steps.types.ts';
export * from '../taste-card-steps/taste-card-steps.types.ts';

/** The five steps, a flow of their own the taste card invokes (declared by type: this folder's machine imports only its own folder). */
export type TasteCardStepsLogic = typeof tasteCardStepsMachine;

/** The product the card is for: what the flow shows of it (its name, its default image). */
export type CardProduct = {
  ProductID: string;
  Name: Bilingual;
  Image: string;
  ProductTypeID: string;
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

/** The answers, the step, the steps flagged and the photo refused are the five steps' (TasteCardStepsInput), followed as they change. */
export type TasteCardContext = TasteCardStepsInput & {
  input: TasteCardInput;
  product?: CardProduct | undefined;
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

/** The member's events: the five steps' own (forwarded to them while writing), and the flow's. */
export type TasteCardEvent =
  | TasteCardStepsEvent
  /** The member picked the drink the card is for (their drinks, or a search). */
  | { type: 'SELECT_PRODUCT'; product: CardProduct }
  /** Back from the steps to choosing the drink; answers kept. */
  | { type: 'CHANGE_PRODUCT' }
  | { type: 'RETRY' }
  /** The member tries to leave the flow (navigation, the close button). */
  | { type: 'LEAVE' }
  /** Leave-confirm answers: keep writing, leave (the draft stays on the device), or leave and throw the draft away. */
  | { type: 'STAY' }
  | { type: 'CONFIRM_LEAVE' }
  | { type: 'DISCARD' };

export type TasteCardOutput = { outcome: 'saved'; card: NewCreateTasteCardOutput['Card'] } | { outcome: 'left' };

export type TasteCardTag = 'busy' | 'saving';
