// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { ArtMotif } from '../../server/db/seed/types.ts';
import { artworkUrl, parseArtSeed, renderArtwork } from '../../server/services/artwork.ts';

const MOTIFS: ArtMotif[] = [
  'leaf',
  'teapot',
  'cup',
  'bean',
  'pourover',
  'incense',
  'censer',
  'bottle',
  'glass',
  'kettle',
  'box',
  'landscape',
];

const TITLES: Record<ArtMotif, RegExp> = {
  leaf: /leaves/i,
  teapot: /teapot/i,
  cup: /cup/i,
  bean: /bean/i,
  pourover: /pour-over|dripper/i,
  incense: /incense/i,
  censer: /censer/i,
  bottle: /bottle/i,
  glass: /glass/i,
  kettle: /kettle/i,
  box: /box/i,
  landscape: /landscape|mountain/i,
};

function parseSvg(svg: string): Document {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

describe('parseArtSeed', () => {
  it('parses valid seeds', () => {
    expect(parseArtSeed('leaf-0-0')).toEqual({ motif: 'leaf', hue: 0, variant: 0 });
    expect(parseArtSeed('landscape-359-9')).toEqual({ motif: 'landscape', hue: 359, variant: 9 });
    expect(parseArtSeed('teapot-120-3')).toEqual({ motif: 'teapot', hue: 120, variant: 3 });
    for (const motif of MOTIFS) expect(parseArtSeed(`${motif}-42-5`)?.motif).toBe(motif);
  });

  it.each([
    'leaf-360-0',
    'leaf-1-10',
    'leaf--1-1',
    'leaf-1--1',
    'dragon-1-1',
    'leaf-1-1.svg',
    'leaf-1-1 ',
    ' leaf-1-1',
    'Leaf-1-1',
    'leaf-1',
    'leaf-1-1-1',
    'leaf-01-1',
    'leaf-1.5-1',
    'leaf-1e2-1',
    'leaf-1-1\n',
    '../etc',
    '../etc/passwd',
    'constructor-1-1',
    '__proto__-1-1',
    '',
  ])('rejects %j', (seed) => {
    expect(parseArtSeed(seed)).toBeNull();
    expect(renderArtwork(seed)).toBeNull();
  });
});

describe('artworkUrl', () => {
  it('points at the media route', () => {
    expect(artworkUrl('teapot-20-3')).toBe('/media/art/teapot-20-3.svg');
  });
});

describe('renderArtwork', () => {
  it.each(MOTIFS)('renders %s as a well-formed, accessible SVG', (motif) => {
    for (const seed of [`${motif}-0-0`, `${motif}-137-4`, `${motif}-359-9`]) {
      const svg = renderArtwork(seed);
      expect(svg).not.toBeNull();
      const text = svg as string;
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"')).toBe(true);
      expect(text.endsWith('</svg>')).toBe(true);
      expect(text).not.toMatch(/NaN|undefined|Infinity|null/);

      const doc = parseSvg(text);
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      const root = doc.documentElement;
      expect(root.localName).toBe('svg');
      expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect(root.getAttribute('viewBox')).toBe('0 0 800 800');
      expect(root.getAttribute('role')).toBe('img');
      const title = root.getElementsByTagName('title')[0];
      expect(title?.textContent).toMatch(TITLES[motif]);
      // A real drawing, not an empty frame.
      expect(root.querySelectorAll('path, circle, ellipse, rect').length).toBeGreaterThan(8);
      // Every url(#id) reference resolves to an element in the same document.
      for (const [, id] of text.matchAll(/url\(#([^)]+)\)/g)) {
        expect(doc.getElementById(id as string), `#${id} in ${seed}`).not.toBeNull();
      }
      // Ids are unique (several artworks may be inlined in one page).
      const ids = [...text.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('uses hsl() colours derived from the hue', () => {
    const svg = renderArtwork('cup-200-1') as string;
    expect(svg).toMatch(/hsl\(200,/);
    expect(svg).not.toMatch(/hsl\((3[6-9]\d|[4-9]\d\d),/);
  });

  it('is deterministic: same seed gives byte-identical output', () => {
    for (const motif of MOTIFS) {
      const a = renderArtwork(`${motif}-77-3`);
      const b = renderArtwork(`${motif}-77-3`);
      expect(a).not.toBeNull();
      expect(a).toBe(b);
    }
  });

  it('gives different output for different variants and hues', () => {
    for (const motif of MOTIFS) {
      const outputs = new Set<string>();
      for (let variant = 0; variant <= 9; variant++) {
        outputs.add(renderArtwork(`${motif}-30-${variant}`) as string);
      }
      expect(outputs.size).toBe(10);
      expect(renderArtwork(`${motif}-30-0`)).not.toBe(renderArtwork(`${motif}-31-0`));
    }
  });

  it('keeps every artwork under 12 KB', () => {
    for (const motif of MOTIFS) {
      for (const hue of [0, 45, 90, 180, 270, 359]) {
        for (let variant = 0; variant <= 9; variant++) {
          const svg = renderArtwork(`${motif}-${hue}-${variant}`) as string;
          expect(new TextEncoder().encode(svg).length).toBeLessThan(12 * 1024);
        }
      }
    }
  });

  it('only interpolates the motif name and numbers into the markup', () => {
    for (const motif of MOTIFS) {
      const svg = renderArtwork(`${motif}-5-5`) as string;
      expect(svg).not.toMatch(/<script|on\w+=|javascript:|href=/i);
    }
  });
});
