/**
 * The installable app's icons (issue 20), drawn from the shop's own artwork (server/services/artwork.ts, the
 * tea cup the favicon shows) and rasterised by sharp into public/icons/:
 *   icon-192.png, icon-512.png   "any" purpose: the artwork as it is, corners rounded
 *   maskable-512.png             "maskable": full bleed (the artwork's cup lies within the 80 % safe circle)
 *   apple-touch-icon.png         180 px, square (iOS rounds it)
 * The PNGs are committed; run `npx tsx scripts/make-icons.ts` again after changing the artwork.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { renderArtwork } from '../server/services/artwork.ts';

const SEED = 'cup-30-0';
const OUT = path.resolve(import.meta.dirname, '../public/icons');

const art = renderArtwork(SEED);
if (!art) throw new Error(`no artwork for ${SEED}`);
const svg = Buffer.from(art);

/** The artwork at `size`, with rounded corners (transparent outside). */
async function rounded(size: number): Promise<Buffer> {
  const radius = Math.round(size * 0.18);
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" ry="${radius}"/></svg>`);
  return sharp(svg, { density: 72 * (size / 800) * 2 })
    .resize(size, size)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

async function square(size: number): Promise<Buffer> {
  return sharp(svg, { density: 72 * (size / 800) * 2 }).resize(size, size).flatten({ background: '#f6f1e8' }).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
}

await mkdir(OUT, { recursive: true });
const files: Array<[string, Promise<Buffer>]> = [
  ['icon-192.png', rounded(192)],
  ['icon-512.png', rounded(512)],
  ['maskable-512.png', square(512)],
  ['apple-touch-icon.png', square(180)],
];
for (const [name, png] of files) {
  const bytes = await png;
  await writeFile(path.join(OUT, name), bytes);
  console.log(`public/icons/${name}\t${bytes.length} bytes`);
}
