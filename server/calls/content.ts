import { asc, eq } from 'drizzle-orm';
import * as contract from '../../contract/content.ts';
import type { Link } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { banners, contentBlocks, information } from '../db/schema.ts';
import { content as seedContent } from '../db/seed/content-data.ts';
import { notFound } from '../http/errors.ts';
import { newestProducts, toBanner } from '../services/catalogue.ts';
import { implement } from './handler.ts';

export type Bilingual = { en: string; zh: string };
export interface ContentBlocks {
  navigationMenu: Link[];
  footer: { Columns: { Title: Bilingual; Links: Link[] }[]; Note: Bilingual };
  newInSection: { Title: Bilingual; Subtitle: Bilingual };
  inspirationSection: { Title: Bilingual; Subtitle: Bilingual };
  surveyLanding: { Title: Bilingual; Text: Bilingual; Image: string; Button: Link };
}

/** The landing's inspiration section until the content block is written (issue 19; seeded by inspiration-data.ts). */
const INSPIRATION_SECTION: ContentBlocks['inspirationSection'] = {
  Title: { en: 'Inspiration', zh: '靈感' },
  Subtitle: { en: 'How our members brew, pour and gather', zh: '看看會員如何沖泡、斟飲與相聚' },
};

async function block<K extends keyof ContentBlocks>(db: Db, key: K): Promise<ContentBlocks[K]> {
  const [row] = await db.select().from(contentBlocks).where(eq(contentBlocks.key, key));
  if (!row) throw notFound('Content');
  return row.value as ContentBlocks[K];
}

const NEW_IN_SIZE = 8;

async function bannersOf(db: Db, kind: 'big' | 'small') {
  const rows = await db.select().from(banners).where(eq(banners.kind, kind)).orderBy(asc(banners.sort));
  return { BannerList: rows.map(toBanner) };
}

export const contentHandlers = implement(contract, {
  async getAllInformation({ deps: { db } }) {
    const rows = await db.select().from(information).orderBy(asc(information.id));
    return { InformationList: rows.map((r) => ({ id: r.id, Title: { en: r.titleEn, zh: r.titleZh } })) };
  },

  async getInformation({ body, deps: { db } }) {
    const [row] = await db.select().from(information).where(eq(information.id, body.id));
    if (!row) throw notFound('Information');
    return {
      Information: {
        id: row.id,
        Title: { en: row.titleEn, zh: row.titleZh },
        content: { en: row.contentEn, zh: row.contentZh },
        UpdatedAt: row.updatedAt.toISOString(),
      },
    };
  },

  getSmallPromotionBanner: ({ deps: { db } }) => bannersOf(db, 'small'),
  getBigPromotionBanner: ({ deps: { db } }) => bannersOf(db, 'big'),

  async getNewInSection({ body, deps: { db } }) {
    const section = await block(db, 'newInSection');
    return { ...section, ProductList: await newestProducts(db, body.Currency, NEW_IN_SIZE) };
  },

  getFooterContent: ({ deps: { db } }) => block(db, 'footer'),

  async getInspirationTitle({ deps: { db } }) {
    const [row] = await db.select().from(contentBlocks).where(eq(contentBlocks.key, 'inspirationSection'));
    const section = (row?.value as ContentBlocks['inspirationSection'] | undefined) ?? INSPIRATION_SECTION;
    return { Title: section.Title, Subtitle: section.Subtitle };
  },

  // The seed's words (server/db/seed/content-data.ts) until the block is written, as for a database seeded before it.
  async getSurveyLanding({ deps: { db } }) {
    const [row] = await db.select().from(contentBlocks).where(eq(contentBlocks.key, 'surveyLanding'));
    const { Title, Text, Image, Button } = (row?.value as ContentBlocks['surveyLanding'] | undefined) ?? seedContent.surveyLanding;
    return { Title, Text, Image, Button };
  },

  async getNavigationMenu({ deps: { db } }) {
    return { Menu: await block(db, 'navigationMenu') };
  },
});
