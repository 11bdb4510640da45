/**
 * Who runs the seeded shop (issue 32): an owner, to try the back office with (README lists the sign-in; the
 * demo member's password), and no other role here: the seed gathering's host is granted the host role where the
 * gathering is seeded (gathering-data.ts). The demo member stays a plain member.
 */
import type { Db } from '../client.ts';
import { staffRoles, users } from '../schema.ts';

export const SEED_OWNER = {
  id: '00000000-0000-4000-8000-000000000301',
  email: 'owner@sipandgather.hk',
  givenName: 'Ka Wai',
  familyName: 'Leung',
  name: 'sipandgather_owner',
} as const;

/** The owner's account and role (granted as `npm run staff -- add owner` grants: by nobody). */
export async function seedOwner(db: Db, now: Date, passwordHash: string) {
  await db.insert(users).values({ ...SEED_OWNER, emailVerified: true, passwordHash, preSurveyDone: true, createdAt: now });
  await db.insert(staffRoles).values({ userId: SEED_OWNER.id, role: 'owner', grantedAt: now, grantedBy: null });
}
