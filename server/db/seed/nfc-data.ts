import type { Db } from '../client.ts';
import { contentBlocks, nfcTags } from '../schema.ts';
import { DEFAULT_NEWSLETTER_BLOCK, NEWSLETTER_BLOCK_KEY } from '../../services/newsletter/block.ts';

/**
 * NFC tags on a dozen of the seed's tins and bottles (issue 20): open /nfc/<ID> on any phone. The last is a
 * retired tag (a reprinted label): it answers ObjectNotFound, as an unknown one does. The README's demo notes
 * name the first two.
 */
export const NFC_TAGS: ReadonlyArray<{ id: string; productId: string; retired?: boolean }> = [
  { id: 'nfc_g2trzncetv', productId: 'tea-tieguanyin' },
  { id: 'nfc_p96vmapbpc', productId: 'coffee-yirgacheffe' },
  { id: 'nfc_3easyd2dtn', productId: 'tea-da-hong-pao' },
  { id: 'nfc_az85hxmk4x', productId: 'tea-long-jing' },
  { id: 'nfc_4qajzz2qgv', productId: 'tea-yunnan-puer-ripe' },
  { id: 'nfc_gzduhaqfg5', productId: 'tea-jasmine-pearls' },
  { id: 'nfc_5d4esjptwh', productId: 'coffee-hk-house-blend' },
  { id: 'nfc_gxja7hywvt', productId: 'coffee-kenya-aa' },
  { id: 'nfc_dqq9vkx3dz', productId: 'incense-hinoki-sticks' },
  { id: 'nfc_dy95s4fauf', productId: 'incense-agarwood-sticks' },
  { id: 'nfc_daghka4rvk', productId: 'spirits-japanese-whisky' },
  { id: 'nfc_642decdz5q', productId: 'spirits-hong-kong-dry-gin' },
  { id: 'nfc_2jtjwj7vqc', productId: 'tea-oriental-beauty', retired: true },
];

/** The front door's seed (issue 20): NFC tags and the newsletter block's wording. */
export async function seedFrontDoor(db: Db, now: Date) {
  await db.insert(nfcTags).values(NFC_TAGS.map((t) => ({ id: t.id, productId: t.productId, createdAt: now, retiredAt: t.retired ? now : null })));
  await db.insert(contentBlocks).values({ key: NEWSLETTER_BLOCK_KEY, value: DEFAULT_NEWSLETTER_BLOCK }).onConflictDoNothing();
}
