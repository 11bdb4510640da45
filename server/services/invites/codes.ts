/**
 * Invitations (spec §1 membership, §7 Invite, §8 invite outcomes): every member has invite codes to share,
 * each with a use limit and an expiry. Accepting one (activate-invite-code) makes the member a Regular
 * Member, invited by the code's owner; a member accepts one invitation, ever.
 */
import { randomInt } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { ErrorCode, type InviteCode, type Membership } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { inviteCodes, inviteRedemptions, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { takeAttempts } from '../limits.ts';

/** How many friends one code lets in, and how long it lasts: a code shared in a group chat stays a small circle. */
export const INVITE_USE_LIMIT = 5;
export const INVITE_LIFETIME_DAYS = 90;
const DAY_MS = 86_400_000;
/** The member's newest codes shown; older ones are spent anyway. */
const CODES_SHOWN = 10;
/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const refused = (code: ErrorCode, message: string) => new ApiError(400, code, message, 'InviteCode');

async function membershipOf(db: Db | Tx, userId: string): Promise<Membership> {
  const [row] = await db
    .select({
      subscribed: users.subscribed,
      redeemedAt: inviteRedemptions.redeemedAt,
      inviterId: inviteCodes.userId,
      inviterName: sql<string | null>`(SELECT coalesce(nullif(i.name, ''), i.given_name) FROM users i WHERE i.id = ${inviteCodes.userId})`,
    })
    .from(users)
    .leftJoin(inviteRedemptions, eq(inviteRedemptions.userId, users.id))
    .leftJoin(inviteCodes, eq(inviteCodes.code, inviteRedemptions.code))
    .where(eq(users.id, userId));
  if (!row) throw new ApiError(400, ErrorCode.ObjectNotFound, 'Member not found');
  return {
    RegularMember: row.redeemedAt !== null,
    ...(row.redeemedAt ? { RegularSince: row.redeemedAt.toISOString() } : {}),
    ...(row.inviterId && row.inviterName ? { InvitedBy: { UserID: row.inviterId, Name: row.inviterName } } : {}),
    SVIP: row.subscribed,
  };
}

type CodeRow = typeof inviteCodes.$inferSelect;
const isLive = (c: CodeRow, now: Date) => c.expiresAt > now && c.uses < c.useLimit;

function toInviteCode(c: CodeRow, now: Date): InviteCode {
  return { InviteCode: c.code, UseLimit: c.useLimit, Uses: c.uses, ExpiresAt: c.expiresAt.toISOString(), Live: isLive(c, now) };
}

/** The member's membership and codes, newest first; a live code is issued when they have none. */
export async function listInviteCodes(deps: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // One member's two pages asking at once issue one code, not two.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    let codes = await tx.select().from(inviteCodes).where(eq(inviteCodes.userId, userId)).orderBy(desc(inviteCodes.createdAt)).limit(CODES_SHOWN);
    if (!codes.some((c) => isLive(c, now))) {
      const [issued] = await tx
        .insert(inviteCodes)
        .values({ code: newCode(), userId, useLimit: INVITE_USE_LIMIT, createdAt: now, expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS * DAY_MS) })
        .returning();
      codes = [issued!, ...codes].slice(0, CODES_SHOWN);
    }
    return { Membership: await membershipOf(tx, userId), InviteCodeList: codes.map((c) => toInviteCode(c, now)) };
  });
}

/**
 * activate-invite-code. Guesses at codes that do not exist are limited per member (LimitError). The code's
 * row is locked, so friends racing for its last use get exactly its limit between them; the member's one
 * invitation is their redemption row's key, so two codes at once make them a member once.
 */
export async function activateInviteCode(deps: Pick<Deps, 'db' | 'clock' | 'limits'>, userId: string, code: string): Promise<{ Membership: Membership }> {
  const now = deps.clock.now();
  const refund = await takeAttempts(deps, [['inviteGuessesPerMember', userId]]);
  const [found] = await deps.db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.code, code));
  if (!found) throw refused(ErrorCode.ObjectNotFound, 'This invite code does not exist');
  await refund();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(inviteCodes).where(eq(inviteCodes.code, code)).for('update');
    if (!row) throw refused(ErrorCode.ObjectNotFound, 'This invite code does not exist');
    if (row.userId === userId) throw refused(ErrorCode.OwnInviteCode, 'This is your own invite code');
    const [before] = await tx.select({ code: inviteRedemptions.code }).from(inviteRedemptions).where(eq(inviteRedemptions.userId, userId));
    if (before) throw refused(ErrorCode.UserAlreadyUsedCode, 'You have already used an invite code');
    if (row.expiresAt <= now) throw refused(ErrorCode.InviteCodeExpired, 'This invite code has expired');
    if (row.uses >= row.useLimit) throw refused(ErrorCode.InviteCodeLimitReached, 'This invite code has reached its use limit');
    const taken = await tx.insert(inviteRedemptions).values({ userId, code, redeemedAt: now }).onConflictDoNothing().returning({ userId: inviteRedemptions.userId });
    if (taken.length === 0) throw refused(ErrorCode.UserAlreadyUsedCode, 'You have already used an invite code');
    await tx.update(inviteCodes).set({ uses: sql`${inviteCodes.uses} + 1` }).where(eq(inviteCodes.code, code));
    return { Membership: await membershipOf(tx, userId) };
  });
}
