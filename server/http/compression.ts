/**
 * Compressed answers (issue 14).
 *
 * - Built files come compressed from the build (build/precompress.ts writes `.br` and `.gz` beside
 *   them at the highest settings); static-files.ts picks one with `chooseEncoding` and `sendVariant`.
 * - index.html, which the server completes with its settings once per process, is compressed once
 *   here (`precompress`) and served the same way.
 * - Every other answer of a text type (API JSON, the sandbox's pages, generated SVG) is compressed on
 *   the fly by `compressAnswers` once it reaches `threshold` bytes, at settings cheap enough for every
 *   request. It reads no more than `threshold` bytes before deciding, then streams the rest through
 *   the compressor, flushing after each piece, so a streamed answer keeps flowing. Server-Sent Events
 *   (text/event-stream), answers marked `Cache-Control: no-transform`, and answers that carry a
 *   Content-Encoding already are left alone.
 */
import { createHash } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPLETE_ANSWER } from './security-headers.ts';

export type Encoding = 'br' | 'gzip';

/** What the server offers, best first. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/** Text, JSON, JavaScript, XML and SVG; not Server-Sent Events, which must reach the browser event by event. */
const COMPRESSIBLE = /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|ecmascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)/i;
export const isCompressible = (contentType: string | null | undefined): boolean => !!contentType && COMPRESSIBLE.test(contentType);

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * The encoding to answer with among `offered` (best first), by the request's Accept-Encoding and its
 * q-values: `br;q=0` refuses brotli, `*` stands for any encoding not named. None without the header.
 */
export function chooseEncoding(acceptEncoding: string | undefined, offered: readonly Encoding[] = ENCODINGS): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of offered) {
    const named = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = named ? named.q : (wildcard ?? 0);
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** Adds Accept-Encoding to Vary, once: the answer depends on it whether or not this one is compressed. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (vary !== '*' && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

/** Whether If-None-Match names `etag` (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

export const strongEtag = (bytes: Uint8Array) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** One representation of a file or page: its bytes and their entity tag. */
export interface Variant {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** A page or file as sent without encoding and, where they came out smaller, as brotli and gzip. */
export type Variants = { identity: Variant } & Partial<Record<Encoding, Variant>>;

const variant = (bytes: Uint8Array<ArrayBuffer>): Variant => ({ bytes, etag: strongEtag(bytes) });

/** Compresses a small text once, at the highest settings (index.html: some 1 KB, once per process). */
export function precompress(text: string): Variants {
  const identity = Buffer.from(text);
  const variants: Variants = { identity: variant(identity) };
  const br = zlib.brotliCompressSync(identity, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  });
  const gzip = zlib.gzipSync(identity, { level: 9 });
  if (br.length < identity.length) variants.br = variant(br);
  if (gzip.length < identity.length) variants.gzip = variant(gzip);
  return variants;
}

/**
 * Sends the variant the request accepts with its Content-Encoding, Content-Length, ETag and
 * `Vary: Accept-Encoding`; 304 when the request already holds it.
 */
export function sendVariant(c: Context, variants: Variants, headers: { contentType: string; cacheControl: string }): Response {
  const encoding = chooseEncoding(c.req.header('accept-encoding'), ENCODINGS.filter((e) => variants[e]));
  const chosen = (encoding && variants[encoding]) || variants.identity;
  const out = new Headers({ 'content-type': headers.contentType, 'cache-control': headers.cacheControl, etag: chosen.etag });
  if (variants.br || variants.gzip) varyOnEncoding(out);
  if (matchesEtag(c.req.header('if-none-match'), chosen.etag)) return new Response(null, { status: 304, headers: out });
  if (encoding) out.set('content-encoding', encoding);
  out.set('content-length', String(chosen.bytes.byteLength));
  return new Response(chosen.bytes, { status: 200, headers: out });
}

/**
 * Per-request settings, streamed or whole: brotli 4 and gzip 6, most of the gain of the highest settings at a
 * small part of their cost.
 */
const PER_REQUEST = {
  brotli: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  gzipLevel: 6,
} as const;

function compressor(encoding: Encoding) {
  return encoding === 'br'
    ? zlib.createBrotliCompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, params: PER_REQUEST.brotli })
    : zlib.createGzip({ level: PER_REQUEST.gzipLevel, flush: zlib.constants.Z_SYNC_FLUSH });
}

const concat = (chunks: Uint8Array[], size: number) => {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
};

const NOT_READY = Symbol('not ready');
/** Resolves after the pieces a body already holds have been read (they come in microtasks). */
const notReadyYet = () => new Promise<typeof NOT_READY>((resolve) => setImmediate(resolve, NOT_READY));

/** Answers shorter than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * A text the server holds whole (an API answer), compressed now at the per-request settings when the request
 * accepts it and it is long enough, with its length and encoding (the answer's Vary is Accept-Encoding): no stream to read back, which on Node
 * cost more than the call itself (DESIGN §10).
 */
export function encodedText(text: string, acceptEncoding: string | undefined): { body: string | Uint8Array<ArrayBuffer>; length: number; encoding: Encoding | undefined } {
  const bytes = Buffer.byteLength(text);
  const encoding = bytes >= COMPRESS_FROM_BYTES ? chooseEncoding(acceptEncoding) : undefined;
  if (!encoding) return { body: text, length: bytes, encoding };
  const compressed =
    encoding === 'br'
      ? zlib.brotliCompressSync(text, { params: { ...PER_REQUEST.brotli, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes } })
      : zlib.gzipSync(text, { level: PER_REQUEST.gzipLevel });
  const body = new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength) as Uint8Array<ArrayBuffer>;
  return { body, length: body.byteLength, encoding };
}

/** Compresses answers of a text type from `threshold` bytes on (see the top of this file). */
export function compressAnswers({ threshold = COMPRESS_FROM_BYTES }: { threshold?: number } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Encoded already, by encodedText.
    if (!c.get(COMPLETE_ANSWER)) await compressAnswer(c, threshold);
  };
}

/** Compresses the context's answer as compressAnswers does, where the caller has its own middleware. */
export async function compressAnswer(c: Context, threshold = COMPRESS_FROM_BYTES): Promise<void> {
  const res = c.res;
  if (!isCompressible(res.headers.get('content-type')) || res.headers.has('content-encoding')) return;
  if (NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')) return;
  varyOnEncoding(res.headers);
  // The body is looked at last: on Node, reading `body` turns Hono's light answer into a web stream, which
  // costs more than most calls (an answer that says its length, or a request that accepts no encoding, never pays it).
  if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
  const declared = res.headers.get('content-length');
  if (declared !== null && Number(declared) < threshold) return;
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (!encoding || !res.body) return;

  // Up to `threshold` bytes first: a shorter answer goes out as it is, now with its length. An answer
  // whose next piece is not ready at once is being streamed: it is compressed from there on, without
  // waiting for more.
  const reader = res.body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let pending = reader.read();
  while (size < threshold) {
    const piece = head.length === 0 ? await pending : await Promise.race([pending, notReadyYet()]);
    if (piece === NOT_READY) break;
    if (piece.done) {
      c.res = new Response(concat(head, size), res);
      c.res.headers.set('content-length', String(size));
      return;
    }
    head.push(piece.value);
    size += piece.value.byteLength;
    pending = reader.read();
  }

  const rest = async function* () {
    try {
      yield* head;
      for (let piece = await pending; !piece.done; piece = await reader.read()) yield piece.value;
    } finally {
      // The client left or the compressor failed: stop whoever writes the answer.
      reader.cancel().catch(() => {});
    }
  };
  const compressing = compressor(encoding);
  pipeline(Readable.from(rest(), { objectMode: false }), compressing, () => {});
  c.res = new Response(Readable.toWeb(compressing) as ReadableStream<Uint8Array>, res);
  c.res.headers.delete('content-length');
  c.res.headers.set('content-encoding', encoding);
  const etag = c.res.headers.get('etag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
}
