import { randomUUID } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import * as contract from '../../contract/media.ts';
import { mediaUploads, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { HOUR_MS, mediaIdOf, mediaUrlFor, UPLOAD_TTL_MS, UPLOADS_PER_HOUR, uploadUrlFor } from '../services/uploads.ts';
import { toUserDetail } from '../services/users.ts';
import { implement } from './handler.ts';
import { ErrorCode } from '../../contract/errors.ts';

export const mediaHandlers = implement(contract, {
  async uploadTemporaryMedia({ body, deps, userId }) {
    const now = deps.clock.now();
    const [recent] = await deps.db
      .select({ n: count() })
      .from(mediaUploads)
      .where(and(eq(mediaUploads.userId, userId), gt(mediaUploads.createdAt, new Date(now.getTime() - HOUR_MS))));
    if ((recent?.n ?? 0) >= UPLOADS_PER_HOUR) {
      throw new ApiError(429, ErrorCode.LimitError, 'Too many uploads, please try again later.');
    }
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS);
    await deps.db.insert(mediaUploads).values({ id, userId: userId, purpose: body.Purpose, createdAt: now, expiresAt });
    return { MediaID: id, uploadUrl: uploadUrlFor(id), mediaUrl: mediaUrlFor(id), expiresAt: expiresAt.toISOString() };
  },

  async userDeleteAvatar({ deps, userId }) {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(401, ErrorCode.Unauthorized, 'Unauthorized');
    const [updated] = await deps.db.update(users).set({ avatar: null }).where(eq(users.id, user.id)).returning();
    const id = user.avatar ? mediaIdOf(user.avatar) : undefined;
    if (id) {
      // The row stays (it still counts towards the hourly limit) but no longer names a file.
      const [own] = await deps.db
        .update(mediaUploads)
        .set({ contentType: null, size: null, uploadedAt: null, expiresAt: deps.clock.now() })
        .where(and(eq(mediaUploads.id, id), eq(mediaUploads.userId, user.id)))
        .returning({ id: mediaUploads.id });
      if (own) await deps.media.delete(own.id);
    }
    return { userDetailInfo: toUserDetail(updated!, deps.clock.now()) };
  },
});
