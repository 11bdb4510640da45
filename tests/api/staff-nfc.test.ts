/**
 * Issue 32: NFC tags in the back office. Staff list the tags with the product each stands for and how many members
 * added a drink by tapping it, make a tag for a product (its id the server's, shaped as the seed's), point a tag at
 * another product and retire one or put it back; customers' getNFC and addUserProductByNFC follow at once. Every
 * change leaves one audit row with before and after; a change to nothing writes none. Run on PostgreSQL too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserProductByNFC, getNFC, staffCreateNfcTag, staffListNfcTags, staffUpdateNfcTag, type StaffNfcTag } from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { NFC_TAGS } from '../../server/db/seed/nfc-data.ts';
import { CREATE_NFC_TAG_ACTION, UPDATE_NFC_TAG_ACTION } from '../../server/services/staff/nfc-tags.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let staff: Shopper;
let now = SEED_NOW.getTime() + 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});
afterAll(() => t?.close());

/** The seed's tags and the ones made here: nfc_ and ten of 2–9 and the letters but i, l and o. */
const TAG_ID = /^nfc_[2-9a-hjkmnp-z]{10}$/;
const as = (call: string, body: unknown) => refused(t, call, body, staff);
const auditOf = (tagId: string) => t.db.select().from(auditLog).where(eq(auditLog.target, `nfc-tag:${tagId}`)).orderBy(auditLog.id);
const create = async (ProductID: string) => {
  now += 1000;
  return (await t.call(staffCreateNfcTag, { ProductID }, auth(staff))).Tag;
};
const update = async (body: { TagID: string; ProductID?: string; Retired?: boolean }) => (await t.call(staffUpdateNfcTag, body, auth(staff))).Tag;
const look = (ID: string) => refused(t, 'getNFC', { ID });

describe('the tags staff see', () => {
  it('lists every seeded tag with its product, live or retired, and how many members added a drink by it', async () => {
    const [first] = NFC_TAGS;
    const members = await Promise.all([shopper(t, { address: false }), shopper(t, { address: false })]);
    for (const m of members) await t.call(addUserProductByNFC, { ID: first!.id }, auth(m));
    // Tapped twice: one member still.
    await t.call(addUserProductByNFC, { ID: first!.id }, auth(members[0]!));

    const { TagList } = await t.call(staffListNfcTags, { Size: 100 }, auth(staff));
    expect(TagList.map((tag) => tag.TagID).sort()).toEqual(NFC_TAGS.map((tag) => tag.id).sort());
    for (const tag of NFC_TAGS) expect(tag.id).toMatch(TAG_ID);
    const listed = (id: string) => TagList.find((tag) => tag.TagID === id)!;
    expect(listed(first!.id)).toMatchObject({ ProductID: first!.productId, Retired: false, MemberCount: 2, ProductImage: expect.stringMatching(/^\/media\/art\//) });
    expect(listed(first!.id).ProductName.en).toBeTruthy();
    expect(listed(first!.id).RetiredAt).toBeUndefined();
    const retired = NFC_TAGS.find((tag) => tag.retired)!;
    expect(listed(retired.id)).toMatchObject({ Retired: true, RetiredAt: expect.any(String), MemberCount: 0 });

    const live = (await t.call(staffListNfcTags, { Status: 'live', Size: 100 }, auth(staff))).TagList;
    expect(live.map((tag) => tag.TagID)).not.toContain(retired.id);
    expect((await t.call(staffListNfcTags, { Status: 'retired' }, auth(staff))).TagList.map((tag) => tag.TagID)).toEqual([retired.id]);
    expect((await t.call(staffListNfcTags, { ProductID: first!.productId }, auth(staff))).TagList.map((tag) => tag.TagID)).toEqual([first!.id]);
  });

  it('pages newest first by an opaque key', async () => {
    const pages: StaffNfcTag[][] = [];
    let key: string | undefined;
    do {
      const page = await t.call(staffListNfcTags, { Size: 5, ...(key ? { LastEvaluatedKey: key } : {}) }, auth(staff));
      pages.push(page.TagList);
      key = page.LastEvaluatedKey;
    } while (key);
    const all = pages.flat();
    expect(pages.slice(0, -1).every((p) => p.length === 5)).toBe(true);
    expect(new Set(all.map((tag) => tag.TagID)).size).toBe(all.length);
    expect(all).toHaveLength((await t.call(staffListNfcTags, { Size: 100 }, auth(staff))).TagList.length);
    const created = all.map((tag) => tag.CreatedAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(await as('staff-list-nfc-tags', { LastEvaluatedKey: 'bm90IGEga2V5' })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' } });
  });
});

describe('a tag made by staff', () => {
  it('gets a fresh id shaped as the seed’s, answers customers at once, is listed first and audited', async () => {
    const tag = await create('tea-jasmine-pearls');
    expect(tag).toMatchObject({ ProductID: 'tea-jasmine-pearls', Retired: false, MemberCount: 0 });
    expect(tag.TagID).toMatch(TAG_ID);
    expect(NFC_TAGS.map((seeded) => seeded.id)).not.toContain(tag.TagID);
    expect((await t.call(getNFC, { ID: tag.TagID })).Product.ProductID).toBe('tea-jasmine-pearls');
    expect((await t.call(staffListNfcTags, { Size: 1 }, auth(staff))).TagList[0]?.TagID).toBe(tag.TagID);
    expect(await auditOf(tag.TagID)).toMatchObject([
      { action: CREATE_NFC_TAG_ACTION, actorUserId: staff.userId, before: null, after: { TagID: tag.TagID, ProductID: 'tea-jasmine-pearls', RetiredAt: null } },
    ]);
    // Two made for one product at once: two tags, two ids.
    const [a, b] = await Promise.all([create('tea-sencha'), create('tea-sencha')]);
    expect(a!.TagID).not.toBe(b!.TagID);
  });

  it('is refused for an unknown product, naming ProductID, and made nothing', async () => {
    const before = (await t.call(staffListNfcTags, { Size: 100 }, auth(staff))).TagList.length;
    expect(await as('staff-create-nfc-tag', { ProductID: 'no-such-product' })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'ProductID' } });
    expect(await as('staff-create-nfc-tag', {})).toMatchObject({ status: 400, json: { field: 'ProductID' } });
    expect((await t.call(staffListNfcTags, { Size: 100 }, auth(staff))).TagList).toHaveLength(before);
  });
});

describe('changing a tag', () => {
  it('re-points it: customers’ next tap shows and adds the new product; one audit row, none for the same again', async () => {
    const tag = await create('tea-sencha');
    const changed = await update({ TagID: tag.TagID, ProductID: 'tea-da-hong-pao' });
    expect(changed).toMatchObject({ TagID: tag.TagID, ProductID: 'tea-da-hong-pao', Retired: false });
    expect((await t.call(getNFC, { ID: tag.TagID })).Product.ProductID).toBe('tea-da-hong-pao');
    const m = await shopper(t, { address: false });
    expect((await t.call(addUserProductByNFC, { ID: tag.TagID }, auth(m))).ProductID).toBe('tea-da-hong-pao');
    expect(await auditOf(tag.TagID)).toMatchObject([
      { action: CREATE_NFC_TAG_ACTION },
      { action: UPDATE_NFC_TAG_ACTION, actorUserId: staff.userId, before: { ProductID: 'tea-sencha', RetiredAt: null }, after: { ProductID: 'tea-da-hong-pao', RetiredAt: null } },
    ]);
    await update({ TagID: tag.TagID, ProductID: 'tea-da-hong-pao', Retired: false });
    expect(await auditOf(tag.TagID)).toHaveLength(2);
  });

  it('retires it (customers get ObjectNotFound) and puts it back in use; retiring twice keeps when it was retired', async () => {
    const tag = await create('tea-tieguanyin');
    const retired = await update({ TagID: tag.TagID, Retired: true });
    expect(retired).toMatchObject({ Retired: true, RetiredAt: new Date(now).toISOString() });
    expect(await look(tag.TagID)).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound' } });
    const m = await shopper(t, { address: false });
    expect((await refused(t, 'addUserProductByNFC', { ID: tag.TagID }, m)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });

    now += 60_000;
    expect((await update({ TagID: tag.TagID, Retired: true })).RetiredAt).toBe(retired.RetiredAt);
    const back = await update({ TagID: tag.TagID, Retired: false });
    expect(back.Retired).toBe(false);
    expect(back.RetiredAt).toBeUndefined();
    expect((await t.call(getNFC, { ID: tag.TagID })).Product.ProductID).toBe('tea-tieguanyin');
    expect((await auditOf(tag.TagID)).map((r) => [r.action, (r.before as { RetiredAt?: unknown } | null)?.RetiredAt ?? null, (r.after as { RetiredAt: unknown }).RetiredAt])).toEqual([
      [CREATE_NFC_TAG_ACTION, null, null],
      [UPDATE_NFC_TAG_ACTION, null, retired.RetiredAt],
      [UPDATE_NFC_TAG_ACTION, retired.RetiredAt, null],
    ]);
  });

  it('refuses an unknown tag naming TagID and an unknown product naming ProductID, changing nothing', async () => {
    const tag = await create('tea-sencha');
    expect(await as('staff-update-nfc-tag', { TagID: 'nfc_nosuchtag2', Retired: true })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'TagID' } });
    expect(await as('staff-update-nfc-tag', { TagID: tag.TagID, ProductID: 'no-such-product' })).toMatchObject({ status: 400, json: { ErrorCode: 'ObjectNotFound', field: 'ProductID' } });
    expect(await as('staff-update-nfc-tag', { TagID: tag.TagID, Retired: 'yes' })).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field: 'Retired' } });
    expect((await t.call(getNFC, { ID: tag.TagID })).Product.ProductID).toBe('tea-sencha');
    expect(await auditOf(tag.TagID)).toHaveLength(1);
  });

  it('is for staff only', async () => {
    const m = await shopper(t, { address: false });
    const [first] = NFC_TAGS;
    expect((await refused(t, 'staff-update-nfc-tag', { TagID: first!.id, Retired: true })).status).toBe(401);
    expect((await refused(t, 'staff-update-nfc-tag', { TagID: first!.id, Retired: true }, m)).status).toBe(403);
    expect((await refused(t, 'staff-create-nfc-tag', { ProductID: 'tea-sencha' }, m)).status).toBe(403);
    expect((await t.call(getNFC, { ID: first!.id })).ID).toBe(first!.id);
  });
});
