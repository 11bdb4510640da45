/**
 * The taste vocabulary (issue 16): taste notes and aromas grouped like a flavour wheel, read by the
 * vocabulary calls (server/calls/taste-vocabulary.ts), by taste cards (which check and resolve the IDs a card
 * names) and by event surveys. The seed writes it (server/db/seed/taste-vocabulary-data.ts); nothing else does.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Aroma, DrinkKind, TasteNote } from '../../../contract/taste-vocabulary.ts';
import type { Db } from '../../db/client.ts';
import { aromas, tasteFamilies, tasteNotes, tasteSubFamilies } from '../../db/schema.ts';

/**
 * The drink kind of a product type (server/db/seed/catalogue-data.ts): the four drink types are their own
 * kind; equipment and box sets have none (no notes apply to a teapot; a box set's drinks are its items').
 */
export function drinkKindOfProductType(typeId: string): DrinkKind | undefined {
  return typeId === 'tea' || typeId === 'coffee' || typeId === 'incense' || typeId === 'spirits' ? typeId : undefined;
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Which of these taste-note IDs exist (a card names only known notes; the others are a 400). */
export async function knownTasteNotes(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Set();
  const rows = await db.select({ id: tasteNotes.id }).from(tasteNotes).where(inArray(tasteNotes.id, wanted));
  return new Set(rows.map((r) => r.id));
}

/** Which of these aroma IDs exist. */
export async function knownAromas(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Set();
  const rows = await db.select({ id: aromas.id }).from(aromas).where(inArray(aromas.id, wanted));
  return new Set(rows.map((r) => r.id));
}

interface NoteRow {
  id: string;
  nameEn: string;
  nameZh: string;
  familyId: string;
  familyEn: string;
  familyZh: string;
  subFamilyId: string;
  subFamilyEn: string;
  subFamilyZh: string;
  drinks: string[];
  icon: string;
}

interface AromaRow {
  id: string;
  nameEn: string;
  nameZh: string;
  familyId: string;
  familyEn: string;
  familyZh: string;
  drinks: string[];
  icon: string;
}

export const noteOf = (r: NoteRow): TasteNote => ({
  TasteNoteID: r.id,
  Name: { en: r.nameEn, zh: r.nameZh },
  FamilyID: r.familyId,
  Family: { en: r.familyEn, zh: r.familyZh },
  SubFamilyID: r.subFamilyId,
  SubFamily: { en: r.subFamilyEn, zh: r.subFamilyZh },
  Drinks: r.drinks as DrinkKind[],
  Icon: r.icon,
});

export const aromaOf = (r: AromaRow): Aroma => ({
  AromaID: r.id,
  Name: { en: r.nameEn, zh: r.nameZh },
  FamilyID: r.familyId,
  Family: { en: r.familyEn, zh: r.familyZh },
  Drinks: r.drinks as DrinkKind[],
  Icon: r.icon,
});

function noteRows(db: Db) {
  return db
    .select({
      id: tasteNotes.id,
      nameEn: tasteNotes.nameEn,
      nameZh: tasteNotes.nameZh,
      familyId: tasteNotes.familyId,
      familyEn: tasteFamilies.nameEn,
      familyZh: tasteFamilies.nameZh,
      subFamilyId: tasteNotes.subFamilyId,
      subFamilyEn: tasteSubFamilies.nameEn,
      subFamilyZh: tasteSubFamilies.nameZh,
      drinks: tasteNotes.drinks,
      icon: tasteNotes.icon,
    })
    .from(tasteNotes)
    .innerJoin(tasteFamilies, eq(tasteFamilies.id, tasteNotes.familyId))
    .innerJoin(tasteSubFamilies, eq(tasteSubFamilies.id, tasteNotes.subFamilyId));
}

function aromaRows(db: Db) {
  return db
    .select({
      id: aromas.id,
      nameEn: aromas.nameEn,
      nameZh: aromas.nameZh,
      familyId: aromas.familyId,
      familyEn: tasteFamilies.nameEn,
      familyZh: tasteFamilies.nameZh,
      drinks: aromas.drinks,
      icon: aromas.icon,
    })
    .from(aromas)
    .innerJoin(tasteFamilies, eq(tasteFamilies.id, aromas.familyId));
}

/**
 * These notes resolved as the contract answers them, in the order asked (a card keeps its member's order);
 * unknown IDs are left out (knownTasteNotes says which).
 */
export async function notesByIds(db: Db, ids: readonly string[]): Promise<TasteNote[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await noteRows(db).where(inArray(tasteNotes.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, noteOf(r)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** These aromas resolved, in the order asked; unknown IDs left out. */
export async function aromasByIds(db: Db, ids: readonly string[]): Promise<Aroma[]> {
  const wanted = unique(ids);
  if (!wanted.length) return [];
  const rows = await aromaRows(db).where(inArray(aromas.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, aromaOf(r)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** Every note and aroma in wheel order (family, sub-family, note), as the vocabulary cache loads them. */
export async function loadVocabularyRows(db: Db) {
  const [notes, aromaList] = await Promise.all([
    noteRows(db).orderBy(asc(tasteFamilies.sort), asc(tasteSubFamilies.sort), asc(tasteNotes.sort), asc(tasteNotes.id)),
    aromaRows(db).orderBy(asc(tasteFamilies.sort), asc(aromas.sort), asc(aromas.id)),
  ]);
  return { notes: notes.map(noteOf), aromas: aromaList.map(aromaOf) };
}
