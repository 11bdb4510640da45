/**
 * The answer rules of the taste card's five steps, shared by the steps' guards and the selectors (so
 * the UI shows exactly what the machine refuses). The taste card flow (machines/taste-card) re-exports them.
 */
import type { AnswerProblem, ChosenPhoto, ChosenWord, PhotoProblem, RecipeDraft, TasteCardAnswers, TasteCardStep } from './taste-card-steps.types.ts';
import {
  FIVE_SENSES,
  MAX_AMOUNT_G,
  MAX_AROMAS,
  MAX_BREWING_TIME,
  MAX_CUSTOM_WORDS,
  MAX_DESCRIPTION_LENGTH,
  MAX_RECIPE_STEPS,
  MAX_RECIPE_TEXT_LENGTH,
  MAX_STEP_LENGTH,
  MAX_TASTE_NOTES,
  MAX_TEMPERATURE_C,
  MAX_TITLE_LENGTH,
  MAX_WATER_ML,
  MIN_TASTE_NOTES,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  STEPS,
  TASTE_LEVEL_MAX,
  TASTE_LEVEL_MIN,
  TASTE_LEVEL_START,
} from './taste-card-steps.types.ts';

export const blankRecipe = (): RecipeDraft => ({
  water: '',
  amount: '',
  waterFlow: '',
  temperature: '',
  brewingTime: '',
  brewingUnit: 'min',
  body: '',
  afterTaste: '',
  flavour: '',
  feeling: '',
});

export const blankAnswers = (): TasteCardAnswers => ({
  fiveSenses: {
    Sweetness: TASTE_LEVEL_START,
    Sourness: TASTE_LEVEL_START,
    Bitterness: TASTE_LEVEL_START,
    Saltiness: TASTE_LEVEL_START,
    Umami: TASTE_LEVEL_START,
  },
  notes: [],
  customNotes: [],
  aromas: [],
  customAromas: [],
  recipe: blankRecipe(),
  steps: [],
  title: '',
  description: '',
});

/** Something was answered that leaving would lose from this page (it stays in the draft). */
export function hasAnswers(a: TasteCardAnswers): boolean {
  const blank = blankAnswers();
  return JSON.stringify({ ...a, photo: undefined }) !== JSON.stringify({ ...blank, photo: undefined }) || a.photo !== undefined;
}

export const isLevel = (n: number): boolean => Number.isInteger(n) && n >= TASTE_LEVEL_MIN && n <= TASTE_LEVEL_MAX;

/** A custom word as kept: trimmed, inner spaces collapsed, at most 30 characters. */
export const cleanWord = (word: string): string => word.trim().replace(/\s+/g, ' ').slice(0, 30);

/** A recipe number as typed: '' is absent, anything else must be a number within 0..max. */
function numberProblem(field: 'Water' | 'Amount' | 'Temperature' | 'BrewingTime', text: string, max: number, integer = false): AnswerProblem[] {
  const value = parseRecipeNumber(text);
  if (value === undefined) return [];
  if (Number.isNaN(value) || (integer && !Number.isInteger(value))) return [{ field, code: 'notANumber', max }];
  if (value < 0 || value > max) return [{ field, code: 'outOfRange', max }];
  return [];
}

/** '' → absent; '12.5' → 12.5; '12,5' (a comma typed as decimal mark) → 12.5; other text → NaN. */
export function parseRecipeNumber(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return undefined;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/** The problems of one step's answers (none: NEXT goes on). */
export function problemsOf(step: TasteCardStep, a: TasteCardAnswers): AnswerProblem[] {
  switch (step) {
    case 'fiveSenses':
      return FIVE_SENSES.filter((s) => !isLevel(a.fiveSenses[s])).map((field) => ({ field, code: 'outOfRange' as const }));
    case 'notes': {
      const out: AnswerProblem[] = [];
      if (a.notes.length < MIN_TASTE_NOTES) out.push({ field: 'TasteNote', code: 'tooFew', min: MIN_TASTE_NOTES });
      if (a.notes.length > MAX_TASTE_NOTES) out.push({ field: 'TasteNote', code: 'tooMany', max: MAX_TASTE_NOTES });
      if (a.aromas.length > MAX_AROMAS) out.push({ field: 'Aroma', code: 'tooMany', max: MAX_AROMAS });
      if (a.customNotes.length > MAX_CUSTOM_WORDS)
        out.push({
          field: 'CustomTasteNote',
          code: 'tooMany',
          max: MAX_CUSTOM_WORDS,
        });
      if (a.customAromas.length > MAX_CUSTOM_WORDS)
        out.push({
          field: 'CustomAroma',
          code: 'tooMany',
          max: MAX_CUSTOM_WORDS,
        });
      return out;
    }
    case 'recipe': {
      const r = a.recipe;
      const out: AnswerProblem[] = [
        ...numberProblem('Water', r.water, MAX_WATER_ML),
        ...numberProblem('Amount', r.amount, MAX_AMOUNT_G),
        ...numberProblem('Temperature', r.temperature, MAX_TEMPERATURE_C, true),
        ...numberProblem('BrewingTime', r.brewingTime, MAX_BREWING_TIME),
      ];
      if (r.flavour.trim().length > MAX_RECIPE_TEXT_LENGTH)
        out.push({
          field: 'Flavour',
          code: 'tooLong',
          max: MAX_RECIPE_TEXT_LENGTH,
        });
      if (r.feeling.trim().length > MAX_RECIPE_TEXT_LENGTH)
        out.push({
          field: 'Feeling',
          code: 'tooLong',
          max: MAX_RECIPE_TEXT_LENGTH,
        });
      if (a.steps.length > MAX_RECIPE_STEPS) out.push({ field: 'Step', code: 'tooMany', max: MAX_RECIPE_STEPS });
      a.steps.forEach((text, index) => {
        if (text.trim() === '')
          out.push({
            field: 'Step',
            code: 'empty',
            index,
            max: MAX_STEP_LENGTH,
          });
        else if (text.trim().length > MAX_STEP_LENGTH)
          out.push({
            field: 'Step',
            code: 'tooLong',
            index,
            max: MAX_STEP_LENGTH,
          });
      });
      return out;
    }
    case 'details': {
      const out: AnswerProblem[] = [];
      if (a.title.trim() === '') out.push({ field: 'Title', code: 'required' });
      else if (a.title.trim().length > MAX_TITLE_LENGTH) out.push({ field: 'Title', code: 'tooLong', max: MAX_TITLE_LENGTH });
      if (a.description.trim().length > MAX_DESCRIPTION_LENGTH)
        out.push({
          field: 'Description',
          code: 'tooLong',
          max: MAX_DESCRIPTION_LENGTH,
        });
      return out;
    }
    case 'review':
      return STEPS.filter((s) => s !== 'review').flatMap((s) => problemsOf(s, a));
  }
}

export const stepIndex = (step: TasteCardStep): number => STEPS.indexOf(step);
export const stepAfter = (step: TasteCardStep): TasteCardStep => STEPS[Math.min(stepIndex(step) + 1, STEPS.length - 1)]!;

export function photoProblem(photo: ChosenPhoto): PhotoProblem | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(photo.type)) return 'notAPicture';
  if (photo.size === 0) return 'empty';
  if (photo.size > PHOTO_MAX_BYTES) return 'tooLarge';
  return undefined;
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A note or aroma chosen, or unchosen when it was; a full list takes no more. */
export const toggle = (list: ChosenWord[], word: ChosenWord, max: number): ChosenWord[] =>
  list.some((w) => w.id === word.id) ? list.filter((w) => w.id !== word.id) : list.length >= max ? list : [...list, word];

/** A word of the member's own, cleaned; a blank, a repeat (in any case) or one too many is not added. */
export const addWord = (list: string[], word: string): string[] => {
  const w = cleanWord(word);
  if (w === '' || list.length >= MAX_CUSTOM_WORDS || list.some((x) => x.toLowerCase() === w.toLowerCase())) return list;
  return [...list, w];
};
