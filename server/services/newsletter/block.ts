import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentBlocks } from '../../db/schema.ts';

type Bilingual = { en: string; zh: string };
export interface NewsletterBlock {
  Title: Bilingual;
  Text: Bilingual;
  Button: Bilingual;
}

export const NEWSLETTER_BLOCK_KEY = 'newsletter';

/** The wording until the shop writes its own (content_blocks 'newsletter'; the seed writes this). */
export const DEFAULT_NEWSLETTER_BLOCK: NewsletterBlock = {
  Title: { en: 'Letters from the tea table', zh: '茶席來信' },
  Text: {
    en: 'New harvests, tastings and recipes, about twice a month. Confirm by mail; unsubscribe in one click.',
    zh: '新茶上架、品鑑活動與沖泡心得，每月約兩封。以電郵確認訂閱，一按即可取消。',
  },
  Button: { en: 'Subscribe', zh: '訂閱' },
};

/** getNewsletterSubscription: the content-managed block, or the default wording. */
export async function newsletterBlock(db: Db): Promise<NewsletterBlock> {
  const [row] = await db.select().from(contentBlocks).where(eq(contentBlocks.key, NEWSLETTER_BLOCK_KEY));
  return (row?.value as NewsletterBlock | undefined) ?? DEFAULT_NEWSLETTER_BLOCK;
}
