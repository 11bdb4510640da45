/**
 * Issue 32: content in the back office. Staff save and delete banners and edit the information pages' words;
 * customers' calls show each change at once, each change is one audit row with before and after, and bad input
 * (a full address as a banner's link, an unknown page) is a 400 naming the field.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getBigPromotionBanner,
  getInformation,
  getProductBanner,
  getSmallPromotionBanner,
  staffDeleteBanner,
  staffListBanners,
  staffListInformationPages,
  staffSaveBanner,
  staffUpdateInformationPage,
  type TokenSet,
} from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import {
  CREATE_BANNER_ACTION,
  DELETE_BANNER_ACTION,
  UPDATE_BANNER_ACTION,
  UPDATE_INFORMATION_ACTION,
} from '../../server/services/staff/content.ts';
import { createPageFacts } from '../../server/services/page-facts.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let staff: TokenSet & { email: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpMember(t);
  await setStaffRole(t.deps, { email: staff.email, role: 'staff', actorUserId: null });
});
afterAll(() => t?.close());

const auditOf = (action: string, target: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.target, target)));

const post = (call: string, body: object) =>
  t.raw(`/api/${call}`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth(staff) }, body: JSON.stringify(body) });

const newBanner = {
  Kind: 'small' as const,
  Title: { en: '  Winter Pu-erh  ', zh: '冬日普洱' },
  Subtitle: { en: 'Aged cakes for cold nights', zh: '陳年茶餅，暖過寒夜' },
  Image: '/media/art/leaf-120-3.svg',
  Link: '/product-type/tea',
  Sort: 0,
};

describe('banners in the back office', () => {
  it('a saved banner shows in the customer call at once; an edit moves it; a delete takes it away; one audit row each', async () => {
    const { Banner } = await t.call(staffSaveBanner, newBanner, auth(staff));
    expect(Banner).toMatchObject({ Kind: 'small', Title: { en: 'Winter Pu-erh', zh: '冬日普洱' }, Image: 'leaf-120-3', ImageUrl: '/media/art/leaf-120-3.svg', ProductTypeID: null });
    const target = `banner:${Banner.BannerID}`;

    const small = await t.call(getSmallPromotionBanner, {});
    expect(small.BannerList[0]).toEqual({
      BannerID: Banner.BannerID,
      Title: { en: 'Winter Pu-erh', zh: '冬日普洱' },
      Subtitle: newBanner.Subtitle,
      Image: '/media/art/leaf-120-3.svg',
      Link: '/product-type/tea',
    });
    const listed = await t.call(staffListBanners, { Kind: 'small' }, auth(staff));
    expect(listed.BannerList.map((b) => b.BannerID)).toContain(Banner.BannerID);
    expect(listed.BannerList.every((b) => b.Kind === 'small')).toBe(true);

    // Moved to the home carousel, last of it.
    const moved = await t.call(staffSaveBanner, { ...newBanner, BannerID: Banner.BannerID, Kind: 'big', Sort: 9999 }, auth(staff));
    expect(moved.Banner.Kind).toBe('big');
    expect((await t.call(getSmallPromotionBanner, {})).BannerList.map((b) => b.BannerID)).not.toContain(Banner.BannerID);
    expect((await t.call(getBigPromotionBanner, {})).BannerList.at(-1)?.BannerID).toBe(Banner.BannerID);
    // The same again changes nothing and writes nothing.
    await t.call(staffSaveBanner, { ...newBanner, BannerID: Banner.BannerID, Kind: 'big', Sort: 9999 }, auth(staff));

    await t.call(staffDeleteBanner, { BannerID: Banner.BannerID }, auth(staff));
    expect((await t.call(getBigPromotionBanner, {})).BannerList.map((b) => b.BannerID)).not.toContain(Banner.BannerID);
    expect((await post('staff-delete-banner', { BannerID: Banner.BannerID })).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'BannerID' });

    const created = await auditOf(CREATE_BANNER_ACTION, target);
    expect(created.map((r) => [r.before, (r.after as { Kind: string }).Kind])).toEqual([[null, 'small']]);
    const updated = await auditOf(UPDATE_BANNER_ACTION, target);
    expect(updated.map((r) => [(r.before as { Kind: string; Sort: number }).Kind, (r.after as { Kind: string; Sort: number }).Sort])).toEqual([['small', 9999]]);
    const deleted = await auditOf(DELETE_BANNER_ACTION, target);
    expect(deleted.map((r) => [(r.before as { Title: unknown }).Title, r.after])).toEqual([[{ en: 'Winter Pu-erh', zh: '冬日普洱' }, null]]);
    expect(deleted[0]!.actorUserId).not.toBeNull();
  });

  it('a product banner names its product type and shows on that type page', async () => {
    const { Banner } = await t.call(staffSaveBanner, { ...newBanner, Kind: 'product', ProductTypeID: 'tea', Sort: 0 }, auth(staff));
    expect(Banner.ProductTypeID).toBe('tea');
    expect((await t.call(getProductBanner, { ProductType: 'tea' })).BannerList.map((b) => b.BannerID)).toContain(Banner.BannerID);
    expect((await post('staff-save-banner', { ...newBanner, Kind: 'product' })).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'ProductTypeID' });
    expect((await post('staff-save-banner', { ...newBanner, Kind: 'product', ProductTypeID: 'no-such-type' })).json).toMatchObject({ field: 'ProductTypeID' });
  });

  it('the page head’s facts (kept for a minute) show a new first big banner at once, and lose it with its deletion', async () => {
    const facts = createPageFacts(t.deps);
    const seeded = await facts.homeBanner();
    expect(seeded).toBeDefined();
    const { Banner } = await t.call(staffSaveBanner, { ...newBanner, Kind: 'big', Title: { en: 'First of all', zh: '首先' }, Sort: 0 }, auth(staff));
    expect((await facts.homeBanner())?.title).toBe('First of all');
    await t.call(staffDeleteBanner, { BannerID: Banner.BannerID }, auth(staff));
    expect(await facts.homeBanner()).toEqual(seeded);
  });

  it('answers bad input with a 400 naming the field', async () => {
    for (const Link of ['https://elsewhere.example/x', '//elsewhere.example/x', 'product/tea', '/a b']) {
      const res = await post('staff-save-banner', { ...newBanner, Link });
      expect(res.status, Link).toBe(400);
      expect(res.json, Link).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Link' });
    }
    expect((await post('staff-save-banner', { ...newBanner, Image: 'dragon-10-1' })).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Image' });
    expect((await post('staff-save-banner', { ...newBanner, Image: 'https://x.example/a.png' })).json).toMatchObject({ field: 'Image' });
    expect((await post('staff-save-banner', { ...newBanner, Kind: 'huge' })).json).toMatchObject({ field: 'Kind' });
    expect((await post('staff-save-banner', { ...newBanner, Title: { en: ' ', zh: 'x' } })).json).toMatchObject({ field: 'Title.en' });
    expect((await post('staff-save-banner', { ...newBanner, BannerID: 'banner-none' })).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'BannerID' });
  });
});

describe('information pages in the back office', () => {
  it('lists the fixed pages; an edit shows in the customer call at once with one audit row', async () => {
    const { InformationList } = await t.call(staffListInformationPages, {}, auth(staff));
    expect(InformationList.map((p) => p.ID).slice(0, 2)).toEqual(['about', 'contact_us']);
    const about = InformationList.find((p) => p.ID === 'about')!;
    // The page head's facts have read the page before the edit (and would keep it for a minute).
    const facts = createPageFacts(t.deps);
    expect((await facts.information('about'))?.title).toBe(about.Title.en);

    const Title = { en: 'About Sip & Gather', zh: about.Title.zh };
    const Content = { en: 'We pour tea.\n\n## Since 2024\nAnd gather.', zh: about.Content.zh };
    const { Information } = await t.call(staffUpdateInformationPage, { ID: 'about', Title, Content }, auth(staff));
    expect(Information).toMatchObject({ ID: 'about', Title, Content });

    expect((await facts.information('about'))?.title).toBe('About Sip & Gather');
    const customer = await t.call(getInformation, { id: 'about' });
    expect(customer.Information).toMatchObject({ id: 'about', Title, content: Content, UpdatedAt: Information.UpdatedAt });

    // The same again changes nothing and writes nothing.
    await t.call(staffUpdateInformationPage, { ID: 'about', Title, Content }, auth(staff));
    const rows = await auditOf(UPDATE_INFORMATION_ACTION, 'information:about');
    expect(rows.map((r) => [r.before, r.after])).toEqual([[{ Title: about.Title, Content: about.Content }, { Title, Content }]]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const good = { ID: 'faq', Title: { en: 'FAQ', zh: '常見問題' }, Content: { en: 'Q', zh: '問' } };
    expect((await post('staff-update-information-page', { ...good, ID: 'careers' })).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'ID' });
    expect((await post('staff-update-information-page', { ...good, Title: { en: 'x'.repeat(121), zh: 'y' } })).json).toMatchObject({ field: 'Title.en' });
    expect((await post('staff-update-information-page', { ...good, Content: { en: 'ok', zh: '' } })).json).toMatchObject({ field: 'Content.zh' });
    expect((await post('staff-update-information-page', { ...good, Content: { en: 'x'.repeat(20_001), zh: 'ok' } })).json).toMatchObject({ field: 'Content.en' });
  });
});
