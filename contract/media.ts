import * as v from 'valibot';
import { defineCall } from './define.ts';
import { UserDetail } from './account.ts';

/** Avatars: JPEG, PNG or WebP, checked by their bytes, at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Inspiration posts (issue 19): pictures and short videos, checked by their bytes; never SVG. */
export const INSPIRATION_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'] as const;
export const INSPIRATION_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const INSPIRATION_VIDEO_MAX_BYTES = 16 * 1024 * 1024;

/** Product pictures staff upload (issue 32): JPEG, PNG or WebP, checked by their bytes, re-encoded and resized. */
export const PRODUCT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export const MediaPurpose = v.picklist(['avatar', 'tasteCard', 'inspiration', 'product']);
export type MediaPurpose = v.InferOutput<typeof MediaPurpose>;

/**
 * Reserves an upload. The client then PUTs the file's base64 (data-URL prefix removed, spec §5)
 * to `uploadUrl` with the file's content type, and sets `mediaUrl` as the avatar.
 */
export const uploadTemporaryMedia = defineCall({
  name: 'upload-temporary-media',
  method: 'POST',
  auth: 'member',
  body: v.object({
    file: v.optional(v.pipe(v.string(), v.maxLength(200))),
    /**
     * Ours (issue 19): what the file is for. avatar (the default) and tasteCard take pictures up to
     * AVATAR_MAX_BYTES; inspiration takes pictures up to INSPIRATION_IMAGE_MAX_BYTES (resized for the SPA)
     * and short videos (INSPIRATION_MEDIA_TYPES) up to INSPIRATION_VIDEO_MAX_BYTES; product (issue 32, for
     * staff-set-product-photos) pictures up to PRODUCT_PHOTO_MAX_BYTES, resized like inspiration's.
     */
    Purpose: v.optional(MediaPurpose, 'avatar'),
  }),
  response: v.object({ MediaID: v.string(), uploadUrl: v.string(), mediaUrl: v.string(), expiresAt: v.string() }),
});

export const userDeleteAvatar = defineCall({
  name: 'user-delete-avatar',
  method: 'POST',
  auth: 'member',
  body: v.object({}),
  response: v.object({ userDetailInfo: UserDetail }),
});
