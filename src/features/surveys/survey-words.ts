import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ErrorCode } from '../../../contract/index.ts';
import type { AnswerProblem, CallCode } from '../../../machines/event-survey/event-survey.types.ts';
import { NETWORK_ERROR } from '../../../machines/event-survey/event-survey.types.ts';
import { messageFor } from '../../api/error-messages.ts';

/** A level in words, for the slider's aria-valuetext and the label beside it (the taste card's words). */
export const LEVEL_WORDS: Record<number, MessageDescriptor> = {
  1: msg`Barely there`,
  2: msg`Light`,
  3: msg`Medium`,
  4: msg`Strong`,
  5: msg`Intense`,
};

/** Words for a problem with an answer. */
export function problemMessage(p: AnswerProblem): MessageDescriptor {
  switch (p.code) {
    case 'required':
      return msg`Please answer this question.`;
    case 'oneOption':
      return msg`Choose one option.`;
    case 'unknownOption':
      return msg`Choose from the options shown.`;
    case 'tooFew':
      return msg`Select at least ${p.min} items`;
    case 'tooMany':
      return msg`Choose at most ${p.max}`;
    case 'tooManyWords':
      return msg`At most ${p.max} words of your own`;
    case 'tooLong':
      return msg`At most ${p.max} characters`;
    case 'allSenses':
      return msg`Rate all five tastes.`;
  }
}

/** Why the survey could not be read. */
export function loadFailureMessage(code: CallCode | undefined): MessageDescriptor {
  if (code === NETWORK_ERROR) return msg`We could not reach the shop. Check your connection and try again.`;
  if (code === ErrorCode.ObjectNotFound) return msg`This survey is for the guests of this session, and we could not find your seat at it.`;
  return messageFor(code ?? ErrorCode.UnknownError);
}

/** Why the answers were not sent. */
export function submitFailureMessage(code: CallCode | undefined): MessageDescriptor {
  if (code === NETWORK_ERROR) return msg`We could not reach the shop. Your answers are kept on this device: send them again when you are back online.`;
  if (code === ErrorCode.InvalidParameter) return msg`An answer was not accepted. Please look over your answers and try again.`;
  if (code === ErrorCode.ObjectNotFound) return msg`This survey is for the guests of this session, and we could not find your seat at it.`;
  return messageFor(code ?? ErrorCode.UnknownError);
}
