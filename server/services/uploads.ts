import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  INSPIRATION_IMAGE_MAX_BYTES,
  INSPIRATION_MEDIA_TYPES,
  INSPIRATION_VIDEO_MAX_BYTES,
  PRODUCT_PHOTO_MAX_BYTES,
  type MediaPurpose,
} from '../../contract/media.ts';
import type { Db } from '../db/client.ts';
import { mediaUploads } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { mediaUrlFor } from './media-urls.ts';
import { resizePicture } from './pictures.ts';

/** Media uploads: reservations, sniffing, serving and the avatar's ownership check. */

export const HOUR_MS = 3_600_000;
/** A reservation must be filled within this time. */
export const UPLOAD_TTL_MS = 15 * 60_000;
/** Reservations a member may make per hour (finished or not): bounds both abandoned rows and stored files. */
export const UPLOADS_PER_HOUR = 20;

export type AvatarType = (typeof AVATAR_TYPES)[number];
export type UploadType = (typeof INSPIRATION_MEDIA_TYPES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MEDIA_URL = /^\/media\/upload\/([0-9a-f-]{36})$/;

export const uploadUrlFor = (id: string) => `/api/media-upload/${id}`;
export { mediaUrlFor, variantUrlFor } from './media-urls.ts';
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

/**
 * The picture or video type the bytes say they are (issue 19): the images above, an MP4 (an ISO media file:
 * `ftyp` box first, a brand that is not a still image's) or a WebM (EBML header with the webm doc type).
 * An SVG (text) is none of them.
 */
export function sniffMediaType(bytes: Uint8Array): UploadType | undefined {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    // HEIF / AVIF pictures are ISO media files too: not videos.
    if (/^(heic|heix|mif1|msf1|avif|avis)$/.test(brand)) return undefined;
    return 'video/mp4';
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && Buffer.from(bytes.subarray(0, 64)).includes('webm')) return 'video/webm';
  return undefined;
}

/** What an upload of this purpose takes: its content types and the largest file of each. */
export function uploadRulesFor(purpose: MediaPurpose) {
  if (purpose === 'inspiration') {
    return {
      types: INSPIRATION_MEDIA_TYPES as readonly string[],
      maxBytes: (type: string) => (type.startsWith('video/') ? INSPIRATION_VIDEO_MAX_BYTES : INSPIRATION_IMAGE_MAX_BYTES),
      typesText: 'a JPEG, PNG or WebP picture or an MP4 or WebM video',
    };
  }
  const maxBytes = purpose === 'product' ? PRODUCT_PHOTO_MAX_BYTES : AVATAR_MAX_BYTES;
  return { types: AVATAR_TYPES as readonly string[], maxBytes: () => maxBytes, typesText: 'a JPEG, PNG or WebP image' };
}

/** Pictures re-encoded (without their metadata) and resized for the SPA: those every visitor may see large. */
const resized = (purpose: MediaPurpose) => purpose === 'inspiration' || purpose === 'product';

/** The largest PUT body (base64, with room for line breaks) an upload of this purpose can need. */
export function uploadBodyLimitFor(purpose: MediaPurpose): number {
  if (purpose === 'inspiration') return Math.ceil((INSPIRATION_VIDEO_MAX_BYTES * 4) / 3) + 1024 * 1024;
  if (purpose === 'product') return Math.ceil((PRODUCT_PHOTO_MAX_BYTES * 4) / 3) + 1024 * 1024;
  return 3 * 1024 * 1024;
}

/** The purpose of an upload reservation (avatar for an unknown id: the smallest limits). */
export async function uploadPurposeOf(deps: Deps, id: string): Promise<MediaPurpose> {
  if (!isMediaId(id)) return 'avatar';
  const [row] = await deps.db.select({ purpose: mediaUploads.purpose }).from(mediaUploads).where(eq(mediaUploads.id, id));
  return row?.purpose ?? 'avatar';
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
 * Fills a reservation: the member's own, unexpired and not yet used; the bytes within its purpose's limit
 * and, by their magic numbers, of the declared type. An inspiration picture is re-encoded without its
 * metadata (a phone's location stays with the phone) and resized for the SPA (pictures.ts); so is a product picture.
 */
export async function acceptUpload(
  deps: Deps,
  input: { id: string; userId: string; declaredType: string | undefined; base64: string },
): Promise<{ mediaUrl: string }> {
  if (!isMediaId(input.id)) throw uploadNotFound();
  const now = deps.clock.now();
  const [row] = await deps.db.select().from(mediaUploads).where(eq(mediaUploads.id, input.id));
  const rules = uploadRulesFor(row?.purpose ?? 'avatar');
  const declared = (input.declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!rules.types.includes(declared)) {
    const names = rules.types.join(', ').replace(/, ([^,]*)$/, ' or $1');
    throw new ApiError(400, ErrorCode.InvalidParameter, `Content type must be ${names}`, 'content-type');
  }
  // Another member's reservation answers like an unknown one.
  if (!row || row.userId !== input.userId || row.uploadedAt || row.expiresAt <= now) throw uploadNotFound();

  const bytes = decodeBase64(input.base64);
  const max = rules.maxBytes(declared);
  if (bytes.length > max) throw new ApiError(413, ErrorCode.InvalidParameter, `The file is larger than ${max / (1024 * 1024)} MB`, 'file');
  if (bytes.length === 0) throw new ApiError(400, ErrorCode.InvalidParameter, 'The file is empty', 'file');
  const sniffed = row.purpose === 'inspiration' ? sniffMediaType(bytes) : sniffImageType(bytes);
  if (sniffed !== declared) {
    const what = row.purpose === 'inspiration' ? 'The file is not a JPEG, PNG or WebP picture or an MP4 or WebM video' : 'The file is not a JPEG, PNG or WebP image';
    throw new ApiError(400, ErrorCode.InvalidParameter, what, 'file');
  }

  let stored: { bytes: Buffer; contentType: string } = { bytes, contentType: declared };
  let picture: Awaited<ReturnType<typeof resizePicture>> = null;
  if (resized(row.purpose) && declared.startsWith('image/')) {
    picture = await resizePicture(bytes);
    if (picture) stored = picture.main;
  }

  // Claim the reservation first, so two concurrent PUTs cannot both fill it.
  const [claimed] = await deps.db
    .update(mediaUploads)
    .set({
      contentType: stored.contentType,
      size: stored.bytes.length,
      uploadedAt: now,
      ...(picture ? { width: picture.width, height: picture.height, variants: picture.variants.map((v) => ({ width: v.width, contentType: v.contentType })) } : {}),
    })
    .where(and(eq(mediaUploads.id, row.id), isNull(mediaUploads.uploadedAt)))
    .returning({ id: mediaUploads.id });
  if (!claimed) throw uploadNotFound();
  try {
    await deps.media.put(row.id, stored);
    for (const variant of picture?.variants ?? []) {
      await deps.media.put(variantIdOf(row.id, variant.width), { bytes: variant.bytes, contentType: variant.contentType });
    }
  } catch (err) {
    await deps.db
      .update(mediaUploads)
      .set({ contentType: null, size: null, uploadedAt: null, width: null, height: null, variants: null })
      .where(eq(mediaUploads.id, row.id));
    throw err;
  }
  return { mediaUrl: mediaUrlFor(row.id) };
}

/** Where a resized copy of a picture is kept (the media store's id) and served. */
export const variantIdOf = (id: string, width: number) => `${id}-w${width}`;

/** A finished upload's resized copy, for serving; null when there is no such copy. */
export async function finishedVariant(deps: Deps, id: string, width: number) {
  if (!isMediaId(id)) return null;
  const [row] = await deps.db
    .select({ id: mediaUploads.id, variants: mediaUploads.variants })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.id, id), isNotNull(mediaUploads.uploadedAt)));
  if (!row?.variants?.some((v) => v.width === width)) return null;
  return deps.media.get(variantIdOf(row.id, width));
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

