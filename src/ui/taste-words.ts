import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FiveSenses } from '../../contract/index.ts';
import { formatNumber } from './format.ts';

export type Sense = keyof FiveSenses;

/** The five senses in the contract's order (spec §9), around the radar clockwise from the top. */
export const SENSES: readonly Sense[] = ['Sweetness', 'Sourness', 'Bitterness', 'Saltiness', 'Umami'];

export const SENSE_NAMES: Record<Sense, MessageDescriptor> = {
  Sweetness: msg`Sweetness`,
  Sourness: msg`Sourness`,
  Bitterness: msg`Bitterness`,
  Saltiness: msg`Saltiness`,
  Umami: msg`Umami`,
};

/** A level with at most one decimal, in the reader's locale (3.4, 3). */
export const formatLevel = (value: number, locale: string) => formatNumber(value, locale, 1);
