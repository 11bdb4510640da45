/**
 * Issue 29, 8: the vocabulary ordered for the drink a card is about. The wheel opens on agarwood, Kyara and
 * oud oil, which is right for incense and wrong for an oolong: ForDrink (and Drink, which also filters) puts
 * first the families that speak most of the drink and, within each, the entries that apply to it, leaving
 * nothing out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAroma, getEventTasteNote, getTasteNote, searchAroma, searchTasteNote, type Aroma, type DrinkKind, type TasteNote } from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (list: readonly (Aroma | TasteNote)[]) => list.map((e) => ('AromaID' in e ? e.AromaID : e.TasteNoteID));
/** Whether every entry for the drink comes before any entry of its family that is not for it. */
function drinkFirstWithinFamilies(list: readonly (Aroma | TasteNote)[], kind: DrinkKind) {
  const seenOther = new Set<string>();
  for (const e of list) {
    const group = 'SubFamilyID' in e ? e.SubFamilyID : e.FamilyID;
    if (!e.Drinks.includes(kind)) seenOther.add(group);
    else if (seenOther.has(group)) return false;
  }
  return true;
}
/** The share of a family's entries that apply to the drink. */
const shareOf = (list: readonly (Aroma | TasteNote)[], family: string, kind: DrinkKind) => {
  const all = list.filter((e) => e.FamilyID === family);
  return all.filter((e) => e.Drinks.includes(kind)).length / all.length;
};

describe('the vocabulary for a drink', () => {
  it('for a tea, the aromas open on tea aromas, not on incense words', async () => {
    const wheel = await t.call(getAroma, {});
    // The wheel as it was: agarwood first (Kyara and oud oil are incense and spirits words).
    expect(ids(wheel.aromaList).slice(0, 3)).toEqual(['aroma-agarwood', 'aroma-kyara', 'aroma-hainan-agarwood']);
    const forTea = await t.call(getAroma, { ForDrink: 'tea' });
    // Nothing left out, nothing twice.
    expect([...ids(forTea.aromaList)].sort()).toEqual([...ids(wheel.aromaList)].sort());
    expect(forTea.familyList.map((f) => f.FamilyID).sort()).toEqual(wheel.familyList.map((f) => f.FamilyID).sort());
    // The first family shown is a tea family; the first dozen aromas are all tea aromas.
    const first = forTea.familyList[0]!.FamilyID;
    expect(shareOf(forTea.aromaList, first, 'tea')).toBeGreaterThanOrEqual(0.8);
    expect(forTea.aromaList.slice(0, 12).every((a) => a.Drinks.includes('tea'))).toBe(true);
    expect(ids(forTea.aromaList).slice(0, 12)).not.toContain('aroma-kyara');
    // Families by how much of them is tea; the agarwood family, hardly tea, far down.
    const shares = forTea.familyList.map((f) => shareOf(forTea.aromaList, f.FamilyID, 'tea'));
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(forTea.familyList.findIndex((f) => f.FamilyID === 'fam-aroma-agarwood')).toBeGreaterThan(forTea.familyList.length / 2);
    // Within a family, the family's listing follows the families' order, tea aromas first.
    const familyOrder = forTea.familyList.map((f) => f.FamilyID);
    const seen = [...new Set(forTea.aromaList.map((a) => a.FamilyID))];
    expect(seen).toEqual(familyOrder);
    expect(drinkFirstWithinFamilies(forTea.aromaList, 'tea')).toBe(true);
  });

  it('for incense, agarwood still comes first; for coffee, coffee aromas', async () => {
    const incense = await t.call(getAroma, { ForDrink: 'incense' });
    expect(incense.familyList[0]!.FamilyID).toBe('fam-aroma-agarwood');
    expect(incense.aromaList[0]!.AromaID).toBe('aroma-agarwood');
    const coffee = await t.call(getAroma, { ForDrink: 'coffee' });
    expect(coffee.aromaList.slice(0, 10).every((a) => a.Drinks.includes('coffee'))).toBe(true);
    expect(drinkFirstWithinFamilies(coffee.aromaList, 'coffee')).toBe(true);
  });

  it('orders the note wheel for the drink the same way', async () => {
    const wheel = await t.call(getTasteNote, {});
    const forSpirits = await t.call(getTasteNote, { ForDrink: 'spirits' });
    expect([...ids(forSpirits.tasteNoteList)].sort()).toEqual([...ids(wheel.tasteNoteList)].sort());
    const shares = forSpirits.familyList.map((f) => shareOf(forSpirits.tasteNoteList, f.FamilyID, 'spirits'));
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(drinkFirstWithinFamilies(forSpirits.tasteNoteList, 'spirits')).toBe(true);
    expect(forSpirits.tasteNoteList[0]!.Drinks).toContain('spirits');
  });

  it("searches rank as before and, among equals, the drink's entries first", async () => {
    const plain = await t.call(searchAroma, { Keyword: 'wood' });
    const forTea = await t.call(searchAroma, { Keyword: 'wood', ForDrink: 'tea' });
    expect([...ids(forTea.aromaList)].sort()).toEqual([...ids(plain.aromaList)].sort());
    expect(forTea.aromaList[0]!.Drinks).toContain('tea');
    const notes = await t.call(searchTasteNote, { ForDrink: 'coffee', Size: 10 });
    expect(notes.tasteNoteList.every((n) => n.Drinks.includes('coffee'))).toBe(true);
  });

  it("an event's vocabulary is ordered for its drink, as getTasteNote and getAroma with Drink", async () => {
    const event = await t.call(getEventTasteNote, { EventID: SEED_EVENT_IDS.gongfuOolong });
    expect(ids(event.aromaList)).toEqual(ids((await t.call(getAroma, { Drink: 'tea' })).aromaList));
    expect(ids(event.aromaList)).toEqual(ids((await t.call(getAroma, { ForDrink: 'tea' })).aromaList.filter((a) => a.Drinks.includes('tea'))));
    expect(event.aromaList[0]!.FamilyID).not.toBe('fam-aroma-agarwood');
  });

  it('an unknown drink is a 400 naming ForDrink', async () => {
    const res = await t.raw('/api/getAroma', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ForDrink: 'juice' }) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ field: 'ForDrink' });
  });
});
