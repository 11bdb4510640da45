import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/index.ts';
import type { AnswerProblem, CallCode, PhotoProblem, Sense, TasteCardStep } from '../../../machines/taste-card/taste-card.types.ts';
import { messageFor } from '../../api/error-messages.ts';
import { NETWORK_ERROR } from '../../../machines/taste-card/taste-card.types.ts';

export const SENSE_NAMES: Record<Sense, MessageDescriptor> = {
  Sweetness: msg`Sweetness`,
  Sourness: msg`Sourness`,
  Bitterness: msg`Bitterness`,
  Saltiness: msg`Saltiness`,
  Umami: msg`Umami`,
};

/** A level in words, for the slider's aria-valuetext and the label beside it. */
export const LEVEL_WORDS: Record<number, MessageDescriptor> = {
  1: msg`Barely there`,
  2: msg`Light`,
  3: msg`Medium`,
  4: msg`Strong`,
  5: msg`Intense`,
};

export const STEP_NAMES: Record<TasteCardStep, MessageDescriptor> = {
  fiveSenses: msg`Five senses`,
  notes: msg`Notes and aromas`,
  recipe: msg`Recipe`,
  details: msg`Title and photo`,
  review: msg`Review`,
};

export const WATER_FLOW_WORDS = { gentle: msg`Gentle`, steady: msg`Steady`, fast: msg`Fast` } as const;
export const BODY_WORDS = { light: msg`Light`, medium: msg`Medium`, full: msg`Full` } as const;
export const AFTER_TASTE_WORDS = { short: msg`Short`, medium: msg`Medium`, long: msg`Long` } as const;
export const TIME_UNIT_WORDS = { sec: msg`seconds`, min: msg`minutes`, hr: msg`hours` } as const;

/** Words for a problem with an answer. */
export function problemMessage(p: AnswerProblem): MessageDescriptor {
  switch (p.code) {
    case 'tooFew':
      return msg`Select at least ${p.min} items`;
    case 'tooMany':
      return msg`Choose at most ${p.max}`;
    case 'notANumber':
      return p.field === 'Temperature' ? msg`Enter a whole number of degrees` : msg`Enter a number`;
    case 'outOfRange':
      if (p.field === 'Water' || p.field === 'Amount' || p.field === 'Temperature' || p.field === 'BrewingTime') return msg`Enter a number from 0 to ${p.max}`;
      return msg`Choose a level from 1 to 5`;
    case 'tooLong':
      return msg`At most ${p.max} characters`;
    case 'required':
      return msg`Give your card a title`;
    case 'empty':
      return msg`Write this step, or remove it`;
  }
}

export function photoProblemMessage(p: PhotoProblem): MessageDescriptor {
  switch (p) {
    case 'notAPicture':
      return msg`This file is not a JPEG, PNG or WebP picture. Please choose another one.`;
    case 'tooLarge':
      return msg`This picture is larger than 2 MB. Please choose a smaller one.`;
    case 'empty':
      return msg`This file is empty. Please choose another one.`;
  }
}

/** Why the card was not saved (or the drink not read). */
export function saveFailureMessage(code: CallCode | undefined): MessageDescriptor {
  if (code === NETWORK_ERROR) return msg`We could not reach the shop. Check your connection and try again.`;
  if (code === ErrorCode.InvalidParameter) return msg`Something on the card was not accepted. Please look over your answers and try again.`;
  if (code === ErrorCode.LimitError) return msg`Too many pictures uploaded. Please try again in an hour, or save the card without a photo.`;
  if (code === ErrorCode.ObjectNotFound) return msg`This drink could not be found. Please choose another one.`;
  return messageFor(code ?? ErrorCode.UnknownError);
}
