/**
 * The top menu and the footer in the back office (issue 32): content_blocks 'navigationMenu' and 'footer', the
 * very rows customers' getNavigationMenu and getFooterContent read on every call (nothing on the server keeps a
 * copy of them), so a save shows to customers at once. Each change is one audit row, written in the change's own
 * transaction; a save that changes nothing writes none.
 *
 * Whether a target is a page of the shop is the caller's to say (`isShopPage`): the route tree's list lives with
 * the HTTP layer (server/http/page-match.ts), which services do not import.
 */
import { eq } from 'drizzle-orm';
import type { Bilingual } from '../../../contract/define.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { contentBlocks } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { appendAudit } from './audit.ts';

export const UPDATE_NAVIGATION_ACTION = 'navigation.update';
export const UPDATE_FOOTER_ACTION = 'footer.update';

export const NAVIGATION_BLOCK = 'navigationMenu';
export const FOOTER_BLOCK = 'footer';

export interface MenuLink {
  Label: Bilingual;
  To: string;
}
export interface FooterContent {
  Columns: { Title: Bilingual; Links: MenuLink[] }[];
  Note: Bilingual;
}

/** Whether a menu target ('/new_in', '/home#upcoming-tastings') is a page customers may be sent to. */
export type IsShopPage = (to: string) => boolean;

type SiteDeps = Pick<Deps, 'db' | 'clock'>;

// Rebuilt key by key: jsonb keeps its own key order and the stored value may carry more, so stored and new values
// are compared (and audited) in one shape.
const bilingual = (b: Bilingual): Bilingual => ({ en: b.en, zh: b.zh });
const menuLink = (l: MenuLink): MenuLink => ({ Label: bilingual(l.Label), To: l.To });
const menuOf = (value: unknown): MenuLink[] => (Array.isArray(value) ? (value as MenuLink[]).map(menuLink) : []);
const footerOf = (value: unknown): FooterContent => {
  const f = (value ?? {}) as Partial<FooterContent>;
  return {
    Columns: (f.Columns ?? []).map((c) => ({ Title: bilingual(c.Title), Links: c.Links.map(menuLink) })),
    Note: f.Note ? bilingual(f.Note) : { en: '', zh: '' },
  };
};

const refuse = (field: string, message: string) => new ApiError(400, ErrorCode.InvalidParameter, `${field} is invalid: ${message}`, field);

/** Each target a page of the shop, and no two of `links` leading to the same one. */
function checkTargets(links: readonly MenuLink[], fieldOf: (index: number) => string, isShopPage: IsShopPage) {
  const seen = new Set<string>();
  links.forEach((link, i) => {
    if (!isShopPage(link.To)) throw refuse(fieldOf(i), `${link.To} is not a page of the shop`);
    if (seen.has(link.To)) throw refuse(fieldOf(i), `another entry leads to ${link.To}`);
    seen.add(link.To);
  });
}

async function readBlock(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: contentBlocks.value }).from(contentBlocks).where(eq(contentBlocks.key, key));
  return row?.value;
}

/** Writes a block when it differs from the stored one, with its audit row; answers the block as stored. */
async function saveBlock<T>(deps: SiteDeps, actorUserId: string, key: string, action: string, value: T, shape: (stored: unknown) => T): Promise<T> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    // Locked: of two saves at once, the second reads what the first wrote, so its audit row's before is true.
    const [row] = await tx.select({ value: contentBlocks.value }).from(contentBlocks).where(eq(contentBlocks.key, key)).for('update');
    const before = row ? shape(row.value) : null;
    if (before !== null && JSON.stringify(before) === JSON.stringify(value)) return before;
    await tx.insert(contentBlocks).values({ key, value }).onConflictDoUpdate({ target: contentBlocks.key, set: { value } });
    await appendAudit(db, { at: now, actorUserId, action, target: `content:${key}`, before, after: value });
    return value;
  });
}

/** The top menu as customers see it (an empty one before it is ever written). */
export async function readNavigationMenu(db: Db): Promise<MenuLink[]> {
  return menuOf(await readBlock(db, NAVIGATION_BLOCK));
}

export async function saveNavigationMenu(deps: SiteDeps, actorUserId: string, menu: readonly MenuLink[], isShopPage: IsShopPage): Promise<MenuLink[]> {
  const value = menu.map(menuLink);
  checkTargets(value, (i) => `Menu.${i}.To`, isShopPage);
  return saveBlock(deps, actorUserId, NAVIGATION_BLOCK, UPDATE_NAVIGATION_ACTION, value, menuOf);
}

/** The footer as customers see it (no columns and an empty note before it is ever written). */
export async function readFooter(db: Db): Promise<FooterContent> {
  return footerOf(await readBlock(db, FOOTER_BLOCK));
}

export async function saveFooter(deps: SiteDeps, actorUserId: string, footer: FooterContent, isShopPage: IsShopPage): Promise<FooterContent> {
  const value = footerOf(footer);
  const titles = new Set<string>();
  value.Columns.forEach((column, c) => {
    // Customers' footer tells its columns apart by their English title.
    const title = column.Title.en.toLowerCase();
    if (titles.has(title)) throw refuse(`Columns.${c}.Title.en`, `another column is called ${column.Title.en}`);
    titles.add(title);
    checkTargets(column.Links, (i) => `Columns.${c}.Links.${i}.To`, isShopPage);
  });
  return saveBlock(deps, actorUserId, FOOTER_BLOCK, UPDATE_FOOTER_ACTION, value, footerOf);
}
