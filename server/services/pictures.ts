/**
 * Resizing members' pictures (issue 19: inspiration posts) with sharp (libvips, its prebuilt binary an npm
 * optional dependency). The stored picture is re-encoded, turned upright by its EXIF orientation and without
 * its metadata (a phone's location stays on the phone), at most MAX_WIDTH wide; the SPA's sizes (VARIANT_WIDTHS,
 * each narrower than the picture) come as WebP for srcset. Should sharp not load on a machine, pictures are
 * kept as sent, without variants (logged once).
 */
import { ErrorCode } from '../../contract/errors.ts';
import { ApiError } from '../http/errors.ts';

/** The widths the SPA shows: a phone's list column and a full-width post. */
export const VARIANT_WIDTHS = [480, 1080] as const;
export const MAX_WIDTH = 2160;
/** Pictures with more pixels than this are refused before decoding (a small file can claim a huge canvas). */
const MAX_PIXELS = 50_000_000;

export interface ResizedPicture {
  main: { bytes: Buffer; contentType: string };
  width: number;
  height: number;
  variants: { width: number; bytes: Buffer; contentType: string }[];
}

type Sharp = (typeof import('sharp'))['default'];
let loading: Promise<Sharp | null> | undefined;

/** sharp, or null where it cannot load. */
export function loadSharp(): Promise<Sharp | null> {
  loading ??= import('sharp').then(
    (m) => m.default,
    (err: unknown) => {
      console.warn(`sharp could not load; pictures are kept as sent, without resized copies: ${String(err)}`);
      return null;
    },
  );
  return loading;
}

/**
 * The picture re-encoded and its resized copies; null when sharp is not there. A file whose bytes look like a
 * picture but do not decode (or claims too many pixels) is refused: 400 InvalidParameter naming file.
 */
export async function resizePicture(bytes: Buffer): Promise<ResizedPicture | null> {
  const sharp = await loadSharp();
  if (!sharp) return null;
  try {
    const source = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const main = await source().resize({ width: MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    const variants: ResizedPicture['variants'] = [];
    for (const width of VARIANT_WIDTHS) {
      if (width >= main.info.width) break;
      const out = await source().resize({ width }).webp({ quality: 78 }).toBuffer();
      variants.push({ width, bytes: out, contentType: 'image/webp' });
    }
    return { main: { bytes: main.data, contentType: 'image/webp' }, width: main.info.width, height: main.info.height, variants };
  } catch {
    throw new ApiError(400, ErrorCode.InvalidParameter, 'The picture could not be read', 'file');
  }
}
