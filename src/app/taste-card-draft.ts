/**
 * The member's taste-card draft on this device (spec §9: sealed with the id cookie, src/app/encrypted-storage.ts).
 * The taste-card flow resumes from it (src/features/taste-cards/taste-card.actors.ts); a survey's answers can
 * start one ("Save as a taste card", src/features/surveys/).
 */
import type { TasteCardDraft } from '../../machines/taste-card/taste-card.types.ts';
import type { EncryptedStorage } from './encrypted-storage.ts';

/** What the draft's key is derived for (encryptedStorage's purpose). */
export const TASTE_CARD_DRAFT_PURPOSE = 'taste-card-draft';

/** One draft per member on a device. */
export const draftKey = (userID: string) => `sg_taste_card_draft:${userID}`;

/** Writes (replaces) the member's draft. */
export function writeTasteCardDraft(storage: EncryptedStorage, userID: string, draft: TasteCardDraft): Promise<void> {
  return storage.write(draftKey(userID), draft);
}
