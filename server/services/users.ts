import { eq } from 'drizzle-orm';
import { USERNAME_CHANGE_WAIT_DAYS, type Address, type DeliveryAddress, type UserDetail } from '../../contract/index.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { ErrorCode } from '../../contract/errors.ts';

/** Members as the account, email-change, media and third-party calls read them. */

const DAY_MS = 86_400_000;

export type UserRow = typeof users.$inferSelect;

export const incorrectCredentials = () =>
  new ApiError(400, ErrorCode.IncorrectUsernameOrPassword, 'Incorrect username or password.');

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function userById(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new ApiError(401, ErrorCode.Unauthorized, 'Unauthorized');
  return row;
}

/** Account calls carry the access token in the body too (spec §7); it must be the caller's own. */
export async function requireAccessToken(deps: Deps, accessToken: string, userId: string) {
  const claims = await deps.tokens.verify('access', accessToken);
  if (!claims || claims.userId !== userId) throw new ApiError(401, ErrorCode.Unauthorized, 'Invalid Access Token');
  return claims;
}

export function toUserDetail(u: UserRow, now: Date): UserDetail {
  const allowedAt = u.nameChangedAt ? new Date(u.nameChangedAt.getTime() + USERNAME_CHANGE_WAIT_DAYS * DAY_MS) : undefined;
  return {
    userID: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    givenName: u.givenName,
    familyName: u.familyName,
    name: u.name ?? '',
    ...(u.gender ? { gender: u.gender } : {}),
    ...(u.title ? { title: u.title } : {}),
    ...(u.birthday ? { birthday: u.birthday } : {}),
    ...(u.phone ? { phone: u.phone } : {}),
    ...(u.phoneCountryCode ? { phoneCountryCode: u.phoneCountryCode } : {}),
    bio: u.bio,
    ...(u.avatar ? { avatar: u.avatar } : {}),
    followerCount: 0,
    followeeCount: 0,
    ...(u.billingAddress ? { billingAddress: u.billingAddress as Address } : {}),
    deliveryAddress: u.deliveryAddresses as DeliveryAddress[],
    mainDeliveryAddressIndex: u.mainDeliveryAddressIndex,
    ...(allowedAt && allowedAt > now ? { nameChangeAllowedAt: allowedAt.toISOString() } : {}),
  };
}

