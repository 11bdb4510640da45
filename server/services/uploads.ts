import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../contract/media.ts';
import type { Db } from '../db/client.ts';
import { mediaUploads } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { ErrorCode } from '../../contract/errors.ts';

/** Media uploads: reservations, sniffing, serving and the avatar's ownership check. */

export const HOUR_MS = 3_600_000;
/** A reservation must be filled within this time. */
export const UPLOAD_TTL_MS = 15 * 60_000;
/** Reservations a member may make per hour (finished or not): bounds both abandoned rows and stored files. */
export const UPLOADS_PER_HOUR = 20;

export type AvatarType = (typeof AVATAR_TYPES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MEDIA_URL = /^\/media\/upload\/([0-9a-f-]{36})$/;

export const uploadUrlFor = (id: string) => `/api/media-upload/${id}`;
export const mediaUrlFor = (id: string) => `/media/upload/${id}`;
export const isMediaId = (id: string) => UUID.test(id);

/** The upload id in an avatar address of ours (`/media/upload/<id>`), or undefined. */
export function mediaIdOf(url: string): string | undefined {
  const id = url.match(MEDIA_URL)?.[1];
  return id && isMediaId(id) ? id : undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes say they are (magic numbers), whatever the name or header claims. */
export function sniffImageType(bytes: Uint8Array): AvatarType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** The declared media type of a Content-Type header, if it is one we take. */
export function avatarTypeOf(header: string | undefined): AvatarType | undefined {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return (AVATAR_TYPES as readonly string[]).includes(type) ? (type as AvatarType) : undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes strict base64 (whitespace tolerated); anything else, a data-URL prefix included, is refused. */
export function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new ApiError(400, ErrorCode.InvalidParameter, 'The body must be the file as base64, without a data-URL prefix', 'file');
  }
  return Buffer.from(compact, 'base64');
}

const uploadNotFound = () => new ApiError(400, ErrorCode.ObjectNotFound, 'Upload not found or expired');

/**
 * Fills a reservation: the member's own, unexpired and not yet used; the bytes at most
 * AVATAR_MAX_BYTES and, by their magic numbers, of the declared type.
 */
export async function acceptUpload(
  deps: Deps,
  input: { id: string; userId: string; declaredType: string | undefined; base64: string },
): Promise<{ mediaUrl: string }> {
  const type = avatarTypeOf(input.declaredType);
  if (!type) throw new ApiError(400, ErrorCode.InvalidParameter, 'Content type must be image/jpeg, image/png or image/webp', 'content-type');
  if (!isMediaId(input.id)) throw uploadNotFound();
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(mediaUploads).where(eq(mediaUploads.id, input.id));
  // Another member's reservation answers like an unknown one.
  if (!row || row.userId !== input.userId || row.uploadedAt || row.expiresAt <= now) throw uploadNotFound();

  const bytes = decodeBase64(input.base64);
  if (bytes.length > AVATAR_MAX_BYTES) throw new ApiError(413, ErrorCode.InvalidParameter, 'The file is larger than 2 MB', 'file');
  if (bytes.length === 0) throw new ApiError(400, ErrorCode.InvalidParameter, 'The file is empty', 'file');
  if (sniffImageType(bytes) !== type) throw new ApiError(400, ErrorCode.InvalidParameter, 'The file is not a JPEG, PNG or WebP image', 'file');

  // Claim the reservation first, so two concurrent PUTs cannot both fill it.
  const [claimed] = await deps.db
    .update(mediaUploads)
    .set({ contentType: type, size: bytes.length, uploadedAt: now })
    .where(and(eq(mediaUploads.id, row.id), isNull(mediaUploads.uploadedAt)))
    .returning({ id: mediaUploads.id });
  if (!claimed) throw uploadNotFound();
  try {
    await deps.media.put(row.id, { bytes, contentType: type });
  } catch (err) {
    await deps.db.update(mediaUploads).set({ contentType: null, size: null, uploadedAt: null }).where(eq(mediaUploads.id, row.id));
    throw err;
  }
  return { mediaUrl: mediaUrlFor(row.id) };
}

/** A finished upload, for serving; null for unknown or unfinished ids. */
export async function finishedUpload(deps: Deps, id: string) {
  if (!isMediaId(id)) return null;
  const [row] = await deps.db
    .select({ id: mediaUploads.id })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.id, id), isNotNull(mediaUploads.uploadedAt)));
  return row ? deps.media.get(row.id) : null;
}

/**
 * user-update-info {avatar}: the avatar must be a finished upload of the same member
 * (an empty value clears it). External addresses and other members' files are refused.
 */
export async function assertOwnAvatar(db: Db, userId: string, avatarUrl: string): Promise<void> {
  if (avatarUrl === '') return;
  const id = mediaIdOf(avatarUrl);
  const [row] = id
    ? await db
        .select({ id: mediaUploads.id })
        .from(mediaUploads)
        .where(and(eq(mediaUploads.id, id), eq(mediaUploads.userId, userId), isNotNull(mediaUploads.uploadedAt)))
    : [];
  if (!row) throw new ApiError(400, ErrorCode.InvalidParameter, 'avatar must be a picture you uploaded', 'avatar');
}

