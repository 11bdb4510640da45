import * as v from 'valibot';
import { defineCall } from './define.ts';
import { UserDetail } from './account.ts';

/** Avatars: JPEG, PNG or WebP, checked by their bytes, at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Reserves an upload. The client then PUTs the file's base64 (data-URL prefix removed, spec §5)
 * to `uploadUrl` with the file's content type, and sets `mediaUrl` as the avatar.
 */
export const uploadTemporaryMedia = defineCall({
  name: 'upload-temporary-media',
  method: 'POST',
  auth: 'member',
  body: v.object({ file: v.optional(v.pipe(v.string(), v.maxLength(200))) }),
  response: v.object({ MediaID: v.string(), uploadUrl: v.string(), mediaUrl: v.string(), expiresAt: v.string() }),
});

export const userDeleteAvatar = defineCall({
  name: 'user-delete-avatar',
  method: 'POST',
  auth: 'member',
  body: v.object({}),
  response: v.object({ userDetailInfo: UserDetail }),
});
