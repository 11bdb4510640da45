/**
 * Invitations to try (issue 31): the demo member is a Regular Member, invited by Wing Yan a month ago, and has
 * a code of their own to share (README: /activate_invitation/MEICHAN8).
 */
import type { Db } from '../client.ts';
import { inviteCodes, inviteRedemptions } from '../schema.ts';
import { INSPIRATION_MEMBERS } from './inspiration-data.ts';
import { demoMember } from './member-data.ts';

const DAY_MS = 86_400_000;
export const DEMO_INVITE_CODE = 'MEICHAN8';
export const WING_YAN_INVITE_CODE = 'WINGYAN8';

export async function seedInvitations(db: Db, now: Date) {
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  await db.insert(inviteCodes).values([
    { code: WING_YAN_INVITE_CODE, userId: INSPIRATION_MEMBERS[0].id, useLimit: 5, uses: 1, createdAt: days(-40), expiresAt: days(50) },
    { code: DEMO_INVITE_CODE, userId: demoMember.id, useLimit: 5, uses: 0, createdAt: days(-1), expiresAt: days(89) },
  ]);
  await db.insert(inviteRedemptions).values({ userId: demoMember.id, code: WING_YAN_INVITE_CODE, redeemedAt: days(-30) });
}
