import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAroma,
  getEventTasteNote,
  getTasteNote,
  listTasteCardIcon,
  searchAroma,
  searchTasteNote,
  type Aroma,
  type TasteNote,
} from '../../contract/index.ts';
import { SEED_EVENT_IDS } from '../../server/db/seed/event-data.ts';
import { aromaFamilies, noteFamilies } from '../../server/db/seed/taste-vocabulary-data.ts';
import { typoDistance } from '../../server/services/taste/typo-correction.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (call: string, body: unknown) =>
  t.raw(`/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const noteIds = (list: readonly TasteNote[]) => list.map((n) => n.TasteNoteID);
const aromaIds = (list: readonly Aroma[]) => list.map((a) => a.AromaID);
/** Every note, in wheel order, as getTasteNote answers the whole wheel. */
const wheel = async () => (await t.call(getTasteNote, {})).tasteNoteList;

describe('the vocabulary as seeded', () => {
  it('has at least 150 notes, each with both names, a family, a sub-family of that family, an icon that exists and a drink', async () => {
    const { tasteNoteList, familyList } = await t.call(getTasteNote, {});
    const { iconList } = await t.call(listTasteCardIcon, {});
    const icons = new Set(iconList.map((i) => i.IconID));
    expect(tasteNoteList.length).toBeGreaterThanOrEqual(150);
    expect(new Set(noteIds(tasteNoteList)).size).toBe(tasteNoteList.length);
    const subFamiliesOf = new Map(familyList.map((f) => [f.FamilyID, new Set(f.SubFamilies.map((s) => s.SubFamilyID))]));
    for (const note of tasteNoteList) {
      expect(note.TasteNoteID).toMatch(/^note-[a-z0-9-]+$/);
      expect(note.Name.en.trim(), note.TasteNoteID).not.toBe('');
      expect(note.Name.zh, note.TasteNoteID).toMatch(/\p{Script=Han}/u);
      expect(note.FamilyID).toMatch(/^fam-/);
      expect(note.SubFamilyID).toMatch(/^sub-/);
      expect(subFamiliesOf.get(note.FamilyID)?.has(note.SubFamilyID), note.TasteNoteID).toBe(true);
      expect(note.Family.zh && note.SubFamily.zh).toBeTruthy();
      expect(icons.has(note.Icon), `${note.TasteNoteID}: ${note.Icon}`).toBe(true);
      expect(note.Drinks.length, note.TasteNoteID).toBeGreaterThan(0);
    }
    expect(familyList.every((f) => icons.has(f.Icon))).toBe(true);
  });

  it('has at least 60 aromas, each with both names, a family, an icon that exists and a drink', async () => {
    const { aromaList, familyList } = await t.call(getAroma, {});
    const icons = new Set((await t.call(listTasteCardIcon, {})).iconList.map((i) => i.IconID));
    expect(aromaList.length).toBeGreaterThanOrEqual(60);
    const families = new Set(familyList.map((f) => f.FamilyID));
    for (const aroma of aromaList) {
      expect(aroma.AromaID).toMatch(/^aroma-[a-z0-9-]+$/);
      expect(aroma.Name.en.trim()).not.toBe('');
      expect(aroma.Name.zh).toMatch(/\p{Script=Han}/u);
      expect(families.has(aroma.FamilyID), aroma.AromaID).toBe(true);
      expect(icons.has(aroma.Icon), aroma.AromaID).toBe(true);
      expect(aroma.Drinks.length).toBeGreaterThan(0);
    }
  });

  it('answers the wheel in its order: families, then sub-families, then notes, as the seed lists them', async () => {
    const expected = noteFamilies.flatMap((f) => f.subFamilies.flatMap((s) => s.notes.map(([slug]) => `note-${slug}`)));
    expect(noteIds(await wheel())).toEqual(expected);
    const { familyList } = await t.call(getAroma, {});
    expect(familyList.map((f) => f.FamilyID)).toEqual(aromaFamilies.map((f) => f.id));
  });

  it('answers one note or aroma by its ID with its family; an unknown ID is a 400 naming the field', async () => {
    const yuzu = await t.call(getTasteNote, { TasteNote: 'note-yuzu' });
    expect(yuzu.tasteNoteList).toEqual([
      expect.objectContaining({ TasteNoteID: 'note-yuzu', Name: { en: 'Yuzu', zh: '柚子' }, FamilyID: 'fam-fruity', SubFamilyID: 'sub-citrus' }),
    ]);
    expect(yuzu.familyList.map((f) => f.FamilyID)).toEqual(['fam-fruity']);
    const sandalwood = await t.call(getAroma, { Aroma: 'aroma-sandalwood' });
    expect(sandalwood.aromaList).toEqual([expect.objectContaining({ AromaID: 'aroma-sandalwood', Name: { en: 'Sandalwood', zh: '檀香' } })]);

    const noNote = await post('getTasteNote', { TasteNote: 'note-nothing' });
    expect(noNote.status).toBe(400);
    expect(noNote.json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'TasteNote' });
    const noAroma = await post('getAroma', { Aroma: 'aroma-nothing' });
    expect(noAroma.status).toBe(400);
    expect(noAroma.json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'Aroma' });
  });

  it('narrows the wheel to one drink kind', async () => {
    const { tasteNoteList, familyList } = await t.call(getTasteNote, { Drink: 'incense' });
    expect(tasteNoteList.length).toBeGreaterThan(0);
    expect(tasteNoteList.every((n) => n.Drinks.includes('incense'))).toBe(true);
    expect(tasteNoteList.length).toBeLessThan((await wheel()).length);
    // Families without an incense note are left out (no dairy in incense).
    expect(familyList.map((f) => f.FamilyID)).not.toContain('fam-creamy');
  });
});

describe('searchTasteNote', () => {
  it('finds by English prefix, the name first, then the notes of a family or sub-family it names', async () => {
    const { tasteNoteList, Total } = await t.call(searchTasteNote, { Keyword: 'cit' });
    const ids = noteIds(tasteNoteList);
    // Names starting "cit…" first; then every note of the Citrus sub-family.
    expect(ids.slice(0, 2).sort()).toEqual(['note-citric-acid', 'note-citrus-zest']);
    for (const id of ['note-lemon', 'note-yuzu', 'note-grapefruit', 'note-bergamot']) expect(ids).toContain(id);
    expect(ids).not.toContain('note-peach');
    expect(Total).toBe(ids.length);
    expect((await t.call(searchTasteNote, { Keyword: '  CARAMEL ' })).tasteNoteList[0]?.TasteNoteID).toBe('note-caramel');
    expect(noteIds((await t.call(searchTasteNote, { Keyword: 'dark ch' })).tasteNoteList)).toEqual(['note-dark-chocolate']);
  });

  it('finds by Chinese, anywhere in the name', async () => {
    const ids = noteIds((await t.call(searchTasteNote, { Keyword: '柚' })).tasteNoteList);
    expect(ids[0]).toBe('note-yuzu');
    expect(ids).toContain('note-grapefruit'); // 西柚
    expect(noteIds((await t.call(searchTasteNote, { Keyword: '泥煤' })).tasteNoteList)).toEqual(['note-peat-smoke']);
    // A family's Chinese name finds its notes.
    const citrus = noteIds((await t.call(searchTasteNote, { Keyword: '柑橘' })).tasteNoteList);
    expect(citrus).toContain('note-lemon');
  });

  it('forgives a typo, saying what it searched for; a keyword that matches as typed has no DidYouMean', async () => {
    const carmel = await t.call(searchTasteNote, { Keyword: 'carmel' });
    expect(carmel.DidYouMean).toBe('caramel');
    expect(noteIds(carmel.tasteNoteList)).toContain('note-caramel');
    const cinamon = await t.call(searchTasteNote, { Keyword: 'cinamon' });
    expect(cinamon.DidYouMean).toBe('cinnamon');
    expect(noteIds(cinamon.tasteNoteList)).toEqual(['note-cinnamon']);
    const lavendar = await t.call(searchTasteNote, { Keyword: 'lavendar' });
    expect(noteIds(lavendar.tasteNoteList)).toEqual(['note-lavender']);
    expect((await t.call(searchTasteNote, { Keyword: 'caramel' })).DidYouMean).toBeUndefined();
    // Nothing close: nothing found, and no guess.
    const none = await t.call(searchTasteNote, { Keyword: 'zzzzqx' });
    expect(none).toMatchObject({ tasteNoteList: [], Total: 0 });
    expect(none.DidYouMean).toBeUndefined();
    // Short words are taken as typed: three letters are too few to guess from.
    expect((await t.call(searchTasteNote, { Keyword: 'qak' })).Total).toBe(0);
  });

  it('keeps to the drinks and families asked for', async () => {
    const spirits = await t.call(searchTasteNote, { Filter: { Drink: ['spirits'] }, Size: 500 });
    expect(spirits.tasteNoteList.every((n) => n.Drinks.includes('spirits'))).toBe(true);
    expect(noteIds(spirits.tasteNoteList)).toContain('note-peat-smoke');
    expect(noteIds(spirits.tasteNoteList)).not.toContain('note-pine-smoke'); // Lapsang's, tea only
    const teaOrIncense = await t.call(searchTasteNote, { Filter: { Drink: ['tea', 'incense'] }, Size: 500 });
    expect(teaOrIncense.tasteNoteList.every((n) => n.Drinks.includes('tea') || n.Drinks.includes('incense'))).toBe(true);
    expect(noteIds(teaOrIncense.tasteNoteList)).toContain('note-benzoin'); // incense only

    const woodyOrFloral = await t.call(searchTasteNote, { Filter: { FamilyID: ['fam-woody', 'fam-floral'] }, Size: 500 });
    expect(new Set(woodyOrFloral.tasteNoteList.map((n) => n.FamilyID))).toEqual(new Set(['fam-woody', 'fam-floral']));
    const smokyWhisky = await t.call(searchTasteNote, { Keyword: 'smoke', Filter: { Drink: ['spirits'], FamilyID: ['fam-roasted'] } });
    expect(noteIds(smokyWhisky.tasteNoteList).sort()).toEqual(['note-peat-smoke', 'note-smoke', 'note-smoked-meat']);

    const unknown = await post('searchTasteNote', { Filter: { FamilyID: ['fam-nothing'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Filter.FamilyID' });
    const badDrink = await post('searchTasteNote', { Filter: { Drink: ['juice'] } });
    expect(badDrink.status).toBe(400);
    expect(badDrink.json?.field).toMatch(/^Filter\.Drink/);
  });

  it('leaves out the notes already chosen', async () => {
    const all = await t.call(searchTasteNote, { Keyword: 'cit' });
    const chosen = ['note-lemon', 'note-citrus-zest'];
    const rest = await t.call(searchTasteNote, { Keyword: 'cit', FilterOut: { TasteNoteID: chosen } });
    expect(noteIds(rest.tasteNoteList)).toEqual(noteIds(all.tasteNoteList).filter((id) => !chosen.includes(id)));
    expect(rest.Total).toBe(all.Total - 2);
  });

  it('pages: From and Size over the whole answer, Total counting all of it; no keyword is the wheel', async () => {
    const whole = noteIds(await wheel());
    const first = await t.call(searchTasteNote, { From: 0, Size: 20 });
    const second = await t.call(searchTasteNote, { From: 20, Size: 20 });
    expect(first.Total).toBe(whole.length);
    expect(noteIds(first.tasteNoteList)).toEqual(whole.slice(0, 20));
    expect(noteIds(second.tasteNoteList)).toEqual(whole.slice(20, 40));
    const past = await t.call(searchTasteNote, { From: whole.length, Size: 20 });
    expect(past).toMatchObject({ tasteNoteList: [], Total: whole.length });
    const badSize = await post('searchTasteNote', { Size: 0 });
    expect(badSize.status).toBe(400);
    expect(badSize.json).toMatchObject({ field: 'Size' });
  });
});

describe('search-aroma', () => {
  it('finds by prefix in both languages, forgives a typo and keeps to a drink', async () => {
    expect(aromaIds((await t.call(searchAroma, { Keyword: 'sandal' })).aromaList)).toEqual(['aroma-sandalwood', 'aroma-mysore-sandalwood']);
    expect(aromaIds((await t.call(searchAroma, { Keyword: '沉香' })).aromaList)).toContain('aroma-hainan-agarwood');
    const typo = await t.call(searchAroma, { Keyword: 'frankincence' });
    expect(typo.DidYouMean).toBe('frankincense');
    expect(aromaIds(typo.aromaList)).toEqual(['aroma-frankincense']);
    const incense = await t.call(searchAroma, { Drink: 'incense' });
    expect(incense.aromaList.length).toBeGreaterThan(0);
    expect(incense.aromaList.every((a) => a.Drinks.includes('incense'))).toBe(true);
    expect(aromaIds((await t.call(searchAroma, { Keyword: 'peat', Drink: 'tea' })).aromaList)).toEqual([]);
  });
});

describe('getEventTasteNote', () => {
  it("answers the notes and aromas of a tea event's drinks", async () => {
    const { tasteNoteList, aromaList } = await t.call(getEventTasteNote, { EventID: SEED_EVENT_IDS.gongfuOolong });
    expect(tasteNoteList.length).toBeGreaterThan(50);
    expect(tasteNoteList.every((n) => n.Drinks.includes('tea'))).toBe(true);
    expect(noteIds(tasteNoteList)).toEqual(expect.arrayContaining(['note-osmanthus', 'note-rock-character', 'note-charcoal-roast']));
    expect(noteIds(tasteNoteList)).not.toContain('note-peat-smoke');
    expect(aromaList.every((a) => a.Drinks.includes('tea'))).toBe(true);
    expect(noteIds(tasteNoteList)).toEqual(noteIds((await t.call(getTasteNote, { Drink: 'tea' })).tasteNoteList));
  });

  it("answers a spirits event's", async () => {
    const { tasteNoteList, aromaList } = await t.call(getEventTasteNote, { EventID: SEED_EVENT_IDS.islayWhisky });
    expect(tasteNoteList.every((n) => n.Drinks.includes('spirits'))).toBe(true);
    expect(noteIds(tasteNoteList)).toEqual(expect.arrayContaining(['note-peat-smoke', 'note-iodine', 'note-oak']));
    expect(aromaIds(aromaList)).toContain('aroma-peat-smoke');
    expect(aromaIds(aromaList)).not.toContain('aroma-kyara');
  });

  it('an unknown event is a 400 naming EventID', async () => {
    const unknown = await post('getEventTasteNote', { EventID: 'evt-nothing' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'EventID' });
    const missing = await post('getEventTasteNote', {});
    expect(missing.json).toMatchObject({ ErrorCode: 'MissingParameter', field: 'EventID' });
  });
});

describe('icons', () => {
  it('lists every icon with its address, and serves each as an SVG with a cache; an unknown one is a 404', async () => {
    const { iconList } = await t.call(listTasteCardIcon, {});
    expect(iconList.length).toBeGreaterThanOrEqual(11);
    for (const icon of iconList) {
      expect(icon.Image).toBe(`/media/taste-icons/${icon.IconID}.svg`);
      expect(icon.Name.zh).toMatch(/\p{Script=Han}/u);
    }
    const citrus = await t.app.request('/media/taste-icons/citrus.svg');
    expect(citrus.status).toBe(200);
    expect(citrus.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(citrus.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
    const svg = await citrus.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 24 24"/);
    expect(svg).not.toMatch(/<script/i);
    const again = await t.app.request('/media/taste-icons/citrus.svg', { headers: { 'if-none-match': citrus.headers.get('etag')! } });
    expect(again.status).toBe(304);

    expect((await t.app.request('/media/taste-icons/nothing.svg')).status).toBe(404);
    expect((await t.app.request('/media/taste-icons/../art/x.svg')).status).toBe(404);
  });
});

describe('typoDistance', () => {
  it('counts an adjacent swap as one edit and stops past the allowance', () => {
    expect(typoDistance('carmel', 'caramel', 1)).toBe(1);
    expect(typoDistance('cinanmon', 'cinnamon', 2)).toBe(1);
    expect(typoDistance('lemno', 'lemon', 1)).toBe(1);
    expect(typoDistance('smoke', 'smoke', 1)).toBe(0);
    expect(typoDistance('almond', 'walnut', 1)).toBe(2);
  });
});
