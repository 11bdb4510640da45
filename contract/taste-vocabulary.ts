import * as v from 'valibot';
import { Bilingual, Id, defineCall } from './define.ts';
import { Keyword } from './catalogue.ts';

/**
 * The taste vocabulary (issue 16; spec §3 Taste card, Survey): taste notes and aromas as data, bilingual,
 * grouped like a flavour wheel (family → sub-family → note: fruity → citrus → yuzu), each tagged with the
 * drinks it applies to, with an icon. Taste cards and event surveys both answer in these IDs (spec §5:
 * "Taste-note survey answers are sent as taste-note IDs only"); what a member types that the list lacks is
 * kept on their card (CustomTasteNote, CustomAroma), never added to the shared list.
 */

/** What a note or aroma applies to: the four drink kinds of the shop. */
export const DrinkKind = v.picklist(['tea', 'coffee', 'incense', 'spirits']);
export type DrinkKind = v.InferOutput<typeof DrinkKind>;

/**
 * The drink kind of a product type (server/db/seed/catalogue-data.ts): the four drink types are their own
 * kind; equipment and box sets have none (no notes apply to a teapot; a box set's drinks are its items').
 */
export function drinkKindOfType(typeId: string): DrinkKind | undefined {
  return typeId === 'tea' || typeId === 'coffee' || typeId === 'incense' || typeId === 'spirits' ? typeId : undefined;
}

/**
 * Ours (issue 29): the vocabulary ordered for the drink a card or survey is about (a taste card's product's
 * kind), leaving nothing out: first the families that speak most of that drink (the share of their entries
 * that apply to it), and within a family the entries that apply to it; without it, in wheel order (which
 * opens on agarwood, right for incense and wrong for an oolong). Drink, which leaves the others out, orders
 * the same way when ForDrink is absent.
 */
const ForDrink = v.optional(DrinkKind);

export const TasteNote = v.object({
  TasteNoteID: v.string(),
  Name: Bilingual,
  FamilyID: v.string(),
  Family: Bilingual,
  SubFamilyID: v.string(),
  SubFamily: Bilingual,
  Drinks: v.array(DrinkKind),
  /** An IconID of list-taste-card-icon. */
  Icon: v.string(),
});
export type TasteNote = v.InferOutput<typeof TasteNote>;

export const Aroma = v.object({
  AromaID: v.string(),
  Name: Bilingual,
  FamilyID: v.string(),
  Family: Bilingual,
  Drinks: v.array(DrinkKind),
  Icon: v.string(),
});
export type Aroma = v.InferOutput<typeof Aroma>;

/** A family of the wheel, in wheel order, with its sub-families (aromas have none). */
export const TasteFamily = v.object({
  FamilyID: v.string(),
  Name: Bilingual,
  Icon: v.string(),
  SubFamilies: v.array(v.object({ SubFamilyID: v.string(), Name: Bilingual })),
});
export type TasteFamily = v.InferOutput<typeof TasteFamily>;

const IdList = (max: number) => v.pipe(v.array(Id), v.maxLength(max));
const Page = {
  From: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)), 0),
  Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)), 50),
};

/**
 * Spec §7: taste notes matching a keyword in either language, by prefix and forgiving a typo (as product
 * search does), within Filter (drinks, families) and without FilterOut (notes already chosen). No keyword:
 * the notes in wheel order.
 */
export const searchTasteNote = defineCall({
  name: 'searchTasteNote',
  method: 'POST',
  auth: 'public',
  body: v.object({
    Keyword: v.optional(Keyword),
    Filter: v.optional(v.object({ Drink: v.optional(v.pipe(v.array(DrinkKind), v.maxLength(4))), FamilyID: v.optional(IdList(50)) })),
    FilterOut: v.optional(v.object({ TasteNoteID: v.optional(IdList(200)) })),
    ForDrink,
    ...Page,
  }),
  response: v.object({ tasteNoteList: v.array(TasteNote), Total: v.number(), DidYouMean: v.optional(v.string()) }),
});

/** Spec §7: aromas matching a keyword in either language (prefix, a typo forgiven); Drink narrows them. */
export const searchAroma = defineCall({
  name: 'search-aroma',
  method: 'POST',
  auth: 'public',
  body: v.object({ Keyword: v.optional(Keyword), Drink: v.optional(DrinkKind), ForDrink }),
  response: v.object({ aromaList: v.array(Aroma), DidYouMean: v.optional(v.string()) }),
});

/** Spec §7: one note (TasteNote: its ID), or the whole wheel (no TasteNote): notes with their families. */
export const getTasteNote = defineCall({
  name: 'getTasteNote',
  method: 'POST',
  auth: 'public',
  body: v.object({ TasteNote: v.optional(Id), Drink: v.optional(DrinkKind), ForDrink }),
  response: v.object({ tasteNoteList: v.array(TasteNote), familyList: v.array(TasteFamily) }),
});

/** Spec §7: one aroma (Aroma: its ID), or every aroma with their families. */
export const getAroma = defineCall({
  name: 'getAroma',
  method: 'POST',
  auth: 'public',
  body: v.object({ Aroma: v.optional(Id), Drink: v.optional(DrinkKind), ForDrink }),
  response: v.object({ aromaList: v.array(Aroma), familyList: v.array(TasteFamily) }),
});

/** Spec §7: the icons of notes, aromas and families (small SVGs served by the shop). */
export const listTasteCardIcon = defineCall({
  name: 'list-taste-card-icon',
  method: 'POST',
  auth: 'public',
  body: v.optional(v.object({}), {}),
  response: v.object({ iconList: v.array(v.object({ IconID: v.string(), Name: Bilingual, Image: v.string() })) }),
});

/** Spec §7: the notes and aromas of an event's drinks (its product type), for its survey and cards. */
export const getEventTasteNote = defineCall({
  name: 'getEventTasteNote',
  method: 'POST',
  auth: 'public',
  body: v.object({ EventID: Id }),
  response: v.object({ tasteNoteList: v.array(TasteNote), aromaList: v.array(Aroma) }),
});
