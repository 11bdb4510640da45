/**
 * The taste card's draft and what is sent (contract newCreateTasteCard body). The answer rules belong
 * to the five steps (machines/taste-card-steps) and are re-exported here, so the pages read one place.
 */
import type { NewCreateTasteCardInput, TasteCardContext, TasteCardDraft } from './taste-card.types.ts';
import { parseRecipeNumber } from '../taste-card-steps/taste-card-steps.rules.ts';
export * from '../taste-card-steps/taste-card-steps.rules.ts';

/** Spec §5: media is sent as base64 with the data-URL prefix removed. */
export const withoutDataUrlPrefix = (dataUrl: string): string => dataUrl.replace(/^data:[^,]*;base64,/, '');

/** The body of new-create-taste-card: IDs only for notes and aromas (spec §5), numbers parsed, blanks left out. */
export function createBody(c: Pick<TasteCardContext, 'answers' | 'product' | 'input' | 'mediaID'>): NewCreateTasteCardInput {
  const a = c.answers;
  const r = a.recipe;
  const num = (t: string) => parseRecipeNumber(t);
  const Parameter: NewCreateTasteCardInput['Parameter'] = {};
  const water = num(r.water);
  if (water !== undefined) Parameter.Water = water;
  const amount = num(r.amount);
  if (amount !== undefined) Parameter.Amount = amount;
  if (r.waterFlow) Parameter.WaterFlow = r.waterFlow;
  const temperature = num(r.temperature);
  if (temperature !== undefined) Parameter.Temperature = temperature;
  const time = num(r.brewingTime);
  if (time !== undefined) Parameter.BrewingTime = { Value: time, Unit: r.brewingUnit };
  if (r.body) Parameter.Body = r.body;
  if (r.afterTaste) Parameter.AfterTaste = r.afterTaste;
  if (r.flavour.trim()) Parameter.Flavour = r.flavour.trim();
  if (r.feeling.trim()) Parameter.Feeling = r.feeling.trim();
  return {
    ProductID: c.product?.ProductID ?? '',
    Title: a.title.trim(),
    Description: a.description.trim(),
    FiveSenses: { ...a.fiveSenses },
    Parameter,
    TasteNote: a.notes.map((n) => n.id),
    CustomTasteNote: [...a.customNotes],
    Aroma: a.aromas.map((n) => n.id),
    CustomAroma: [...a.customAromas],
    Step: a.steps.map((text) => ({ Text: text.trim() })),
    Language: c.input.language,
    ProductImageType: c.mediaID ? 'photo' : 'default',
    ...(c.mediaID ? { Photo: c.mediaID } : {}),
  };
}

/** What the draft store keeps. */
export function draftOf(c: TasteCardContext): TasteCardDraft | undefined {
  if (!c.product) return undefined;
  return { version: 1, product: c.product, step: c.step, answers: c.answers };
}

/**
 * A stored draft is taken when it is for the product asked for. Without one asked for, the member chooses
 * first (the draft is offered, and taken when its drink is chosen): a card is never opened for a drink the
 * member did not choose.
 */
export function draftFits(draft: TasteCardDraft | undefined, productID: string | undefined): draft is TasteCardDraft {
  return draft !== undefined && draft.version === 1 && productID !== undefined && draft.product.ProductID === productID;
}

/** A stored draft that can be offered (one this version of the flow reads). */
export const usableDraft = (draft: TasteCardDraft | undefined): TasteCardDraft | undefined => (draft?.version === 1 ? draft : undefined);
