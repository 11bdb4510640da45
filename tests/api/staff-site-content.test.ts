/**
 * Issue 32: the top menu and the footer in the back office. Staff read and replace them; customers'
 * getNavigationMenu and getFooterContent answer the change at once; every target is checked against the SPA's
 * route tree (an address no page has, or the back office, is a 400 naming the entry); each change is one audit
 * row with before and after, and a save that changes nothing writes none.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFooterContent, getNavigationMenu, staffGetFooter, staffGetNavigationMenu, staffSaveFooter, staffSaveNavigationMenu, type Link } from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { UPDATE_FOOTER_ACTION, UPDATE_NAVIGATION_ACTION } from '../../server/services/staff/site-content.ts';
import { auth, refused, shopper, type Shopper } from '../support/shop.ts';
import { grantRole } from '../support/staff.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let staff: Shopper;

beforeAll(async () => {
  t = await createTestApp();
  staff = await shopper(t, { address: false });
  await grantRole(t, staff.userId, 'staff');
});
afterAll(() => t?.close());

const auditOf = (action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.action, action)));
const entry = (en: string, zh: string, To: string): Link => ({ Label: { en, zh }, To });

describe('the top menu in the back office', () => {
  it('reads the menu customers see, with the pages of the route tree an entry may lead to', async () => {
    const { Menu, Pages } = await t.call(staffGetNavigationMenu, {}, auth(staff));
    expect(Menu).toEqual((await t.call(getNavigationMenu, {})).Menu);
    expect(Menu.map((m) => m.To)).toContain('/home#upcoming-tastings');
    expect(Pages).toEqual(expect.arrayContaining(['/about', '/home', '/inspiration', '/new_in', '/b2b_enquiry']));
    // Pages needing a parameter, and the back office, are not offered.
    expect(Pages.filter((p) => p.includes('$') || p.startsWith('/admin'))).toEqual([]);
  });

  it('a saved menu is what customers get at once; one audit row with before and after; the same again writes none', async () => {
    const before = (await t.call(getNavigationMenu, {})).Menu;
    const menu = [
      entry('Tea', '茶', '/new_in/tea'),
      entry('Tastings', '品鑑', '/home#upcoming-tastings'),
      entry('Our gaiwan', '蓋碗', '/product/equipment-gaiwan-white'),
      entry('  About  ', '關於我們', '/about'),
    ];
    const saved = await t.call(staffSaveNavigationMenu, { Menu: menu }, auth(staff));
    const tidy = menu.map((m) => ({ ...m, Label: { ...m.Label, en: m.Label.en.trim() } }));
    expect(saved.Menu).toEqual(tidy);
    expect((await t.call(getNavigationMenu, {})).Menu).toEqual(tidy);
    expect((await t.call(staffGetNavigationMenu, {}, auth(staff))).Menu).toEqual(tidy);

    await t.call(staffSaveNavigationMenu, { Menu: tidy }, auth(staff));
    const rows = await auditOf(UPDATE_NAVIGATION_ACTION);
    expect(rows.map((r) => [r.target, r.before, r.after, r.actorUserId])).toEqual([['content:navigationMenu', before, tidy, staff.userId]]);
  });

  it('refuses a target that is no page of the shop, the back office, a second entry to one page, and bad words, naming the field', async () => {
    const ok = entry('Tea', '茶', '/new_in/tea');
    const cases: [Link[], string][] = [
      [[ok, entry('Events', '活動', '/events')], 'Menu.1.To'],
      [[ok, entry('Office', '後台', '/admin/content')], 'Menu.1.To'],
      [[ok, entry('Elsewhere', '別處', 'https://elsewhere.example/')], 'Menu.1.To'],
      [[ok, entry('Query', '查詢', '/new_in?x=1')], 'Menu.1.To'],
      [[ok, entry('Tea', '茶', '/about'), entry('Tea again', '再茶', '/new_in/tea')], 'Menu.2.To'],
      [[entry(' ', '茶', '/new_in')], 'Menu.0.Label.en'],
      [[entry('Tea', '', '/new_in')], 'Menu.0.Label.zh'],
      [[], 'Menu'],
    ];
    for (const [Menu, field] of cases) {
      const r = await refused(t, 'staff-save-navigation-menu', { Menu }, staff);
      expect(r, field).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field } });
    }
    const tooMany = Array.from({ length: 17 }, (_, i) => entry(`Page ${i}`, `頁 ${i}`, i === 0 ? '/about' : `/product/p-${i}`));
    expect((await refused(t, 'staff-save-navigation-menu', { Menu: tooMany }, staff)).json).toMatchObject({ field: 'Menu' });
    expect((await auditOf(UPDATE_NAVIGATION_ACTION))).toHaveLength(1);
  });
});

describe('the footer in the back office', () => {
  it('a saved footer is what customers get at once; one audit row; the same again writes none', async () => {
    const before = await t.call(getFooterContent, {});
    const { Pages, ...read } = await t.call(staffGetFooter, {}, auth(staff));
    expect(read).toEqual(before);
    expect(Pages).toContain('/faq');

    const footer = {
      Columns: [
        { Title: { en: 'Shop', zh: '商店' }, Links: [entry('New in', '新品', '/new_in'), entry('Box sets', '禮盒', '/new_in/boxset')] },
        { Title: { en: 'Help', zh: '幫助' }, Links: [entry('FAQ', '常見問題', '/faq'), entry('Events', '活動', '/home#upcoming-tastings')] },
      ],
      Note: { en: '© 2026 Sip & Gather Limited.', zh: '© 2026 Sip & Gather Limited。' },
    };
    expect(await t.call(staffSaveFooter, footer, auth(staff))).toEqual(footer);
    expect(await t.call(getFooterContent, {})).toEqual(footer);
    await t.call(staffSaveFooter, footer, auth(staff));
    const rows = await auditOf(UPDATE_FOOTER_ACTION);
    expect(rows.map((r) => [r.target, r.before, r.after])).toEqual([['content:footer', before, footer]]);
  });

  it('refuses an unknown page, two columns of one title and a column without links, naming the field', async () => {
    const column = (en: string, links: Link[]) => ({ Title: { en, zh: en }, Links: links });
    const note = { en: '', zh: '' };
    const cases: [unknown, string][] = [
      [[column('Shop', [entry('New in', '新品', '/new_in'), entry('Nowhere', '無', '/nowhere')])], 'Columns.0.Links.1.To'],
      [[column('Shop', [entry('New in', '新品', '/new_in')]), column('shop', [entry('FAQ', '問題', '/faq')])], 'Columns.1.Title.en'],
      [[column('Shop', [entry('New in', '新品', '/new_in'), entry('New', '新', '/new_in')])], 'Columns.0.Links.1.To'],
      [[column('Shop', [])], 'Columns.0.Links'],
    ];
    for (const [Columns, field] of cases) {
      const r = await refused(t, 'staff-save-footer', { Columns, Note: note }, staff);
      expect(r, field).toMatchObject({ status: 400, json: { ErrorCode: 'InvalidParameter', field } });
    }
    const longNote = { en: 'x'.repeat(401), zh: '' };
    expect((await refused(t, 'staff-save-footer', { Columns: [], Note: longNote }, staff)).json).toMatchObject({ field: 'Note.en' });
    expect(await auditOf(UPDATE_FOOTER_ACTION)).toHaveLength(1);
  });
});
