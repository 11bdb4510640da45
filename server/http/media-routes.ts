import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { acceptUpload, finishedUpload, finishedVariant, uploadBodyLimitFor, uploadPurposeOf } from '../services/uploads.ts';
import type { Deps } from '../deps.ts';
import { isSessionActive } from '../services/sessions.ts';
import type { AppEnv } from './api.ts';
import { ApiError } from './errors.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { tasteIconSvg } from '../services/taste/vocabulary.ts';
import { matchesEtag, strongEtag } from './compression.ts';

/**
 * Taste icons are the seed's drawings under a fixed name: cached for a day and then revalidated by their
 * ETag (as artwork is), so a redrawn icon reaches everyone within a day.
 */
const TASTE_ICON_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';


/**
 * Media outside the contract: the PUT that fills an upload reserved by upload-temporary-media
 * (spec §7: base64 content with a content type), and the finished files themselves.
 * Mount before the API router, so its body limit does not apply to uploads.
 */
export function mountMediaRoutes(app: Hono<AppEnv>, deps: Deps) {
  mountTasteIcons(app, deps);
  app.put(
    '/api/media-upload/:id',
    // The body limit is the reservation's purpose's (an inspiration video is far larger than an avatar).
    async (c, next) => {
      const purpose = await uploadPurposeOf(deps, c.req.param('id'));
      return bodyLimit({
        maxSize: uploadBodyLimitFor(purpose),
        onError: () => {
          throw new ApiError(413, ErrorCode.InvalidParameter, 'The file is too large', 'file');
        },
      })(c, next);
    },
    async (c) => {
      const userId = await member(c, deps);
      const { mediaUrl } = await acceptUpload(deps, {
        id: c.req.param('id'),
        userId,
        declaredType: c.req.header('content-type'),
        base64: await c.req.text(),
      });
      return c.json({ result: true, mediaUrl });
    },
  );

  // A picture's resized copy (issue 19), e.g. /media/upload/<id>/w480.
  app.get('/media/upload/:id/:variant{w[0-9]{2,4}}', async (c) => {
    const media = await finishedVariant(deps, c.req.param('id'), Number(c.req.param('variant').slice(1)));
    if (!media) return c.notFound();
    return c.body(new Uint8Array(media.bytes), 200, {
      'content-type': media.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  app.get('/media/upload/:id', async (c) => {
    const media = await finishedUpload(deps, c.req.param('id'));
    if (!media) return c.notFound();
    return c.body(new Uint8Array(media.bytes), 200, {
      'content-type': media.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // Member content: never run anything from it, even if opened directly.
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });
}

/** The taste vocabulary's icons (issue 16): list-taste-card-icon's Image addresses; an unknown one is a 404. */
function mountTasteIcons(app: Hono<AppEnv>, deps: Deps) {
  app.get('/media/taste-icons/:file{[a-z0-9-]+\\.svg}', async (c) => {
    const svg = await tasteIconSvg(deps.tasteVocabulary, c.req.param('file').replace(/\.svg$/, ''));
    if (!svg) return c.notFound();
    const etag = strongEtag(Buffer.from(svg));
    const headers = { etag, 'cache-control': TASTE_ICON_CACHE, 'x-content-type-options': 'nosniff' };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, 'content-type': 'image/svg+xml; charset=utf-8' });
  });
}

/** The bearer id token of a signed-in session (DESIGN §4), as for member calls. */
async function member(c: Context, deps: Deps): Promise<string> {
  const header = c.req.header('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const claims = token ? await deps.tokens.verifyIdToken(token) : null;
  if (!claims || !(await isSessionActive(deps.db, claims.sessionId))) throw new ApiError(401, ErrorCode.Unauthorized, 'Unauthorized');
  return claims.userId;
}
