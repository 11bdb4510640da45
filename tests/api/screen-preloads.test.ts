/**
 * Issue 30: a page's HTML names its screen's files (build/route-chunks.ts finds them in the bundle, the server
 * adds them to the head as a data block, index.html's loader asks for them once the page has painted), so a first
 * visit fetches the screen beside the entry rather than after it has run. The loader is an inline script: the
 * page's Content-Security-Policy lets it run by its hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeChunkMap, routeScreens, type BuiltChunk } from '../../build/route-chunks.ts';
import { routeSources } from '../../scripts/generate-routes.mjs';
import { createApp } from '../../server/app.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null,
  css: [],
  ...extra,
});

describe('routeChunkMap', () => {
  const chunks = [
    chunk('assets/index.js', ['assets/app.js'], { isEntry: true, css: ['assets/s-entry.css'] }),
    chunk('assets/app.js', []),
    chunk('assets/home.js', ['assets/app.js', 'assets/card.js'], { facadeModuleId: '/src/HomeScreen.tsx', css: ['assets/s-home.css', 'assets/s-entry.css'] }),
    chunk('assets/card.js', ['assets/price.js'], { css: ['assets/s-card.css'] }),
    chunk('assets/price.js', []),
    chunk('assets/flow.js', ['assets/price.js'], { facadeModuleId: '/src/FlowLayout.tsx' }),
    chunk('assets/steps.js', ['assets/card.js'], { facadeModuleId: '/src/StepsScreen.tsx' }),
    chunk('assets/lazy-popup.js', [], { facadeModuleId: '/src/Popup.tsx' }),
  ];
  const screens = new Map([
    ['/home', '/src/HomeScreen.tsx'],
    ['/taste_card/_flow', '/src/FlowLayout.tsx'],
    ['/taste_card/_flow/steps', '/src/StepsScreen.tsx'],
  ]);
  const map = routeChunkMap({ routeIds: ['/home', '/taste_card/_flow', '/taste_card/_flow/steps', '/about'], screens, chunks, base: '/' });

  it('names a page’s screen and what it imports, less what the first load already brings', () => {
    expect(map['/home']).toEqual({ js: ['/assets/home.js', '/assets/card.js', '/assets/price.js'], css: ['/assets/s-home.css', '/assets/s-card.css'] });
  });

  it('gives a page below a layout the layout’s screen too, under the page’s path', () => {
    expect(new Set(map['/taste_card/steps']!.js)).toEqual(new Set(['/assets/flow.js', '/assets/price.js', '/assets/steps.js', '/assets/card.js']));
  });

  it('names nothing for a page without a screen of its own', () => {
    expect(map['/about']).toBeUndefined();
  });
});

it('finds the screen of the route files as they are written, each a module that is there', () => {
  const screens = routeScreens(routeSources());
  expect(screens.get('/home')).toMatch(/src[\\/]features[\\/]shop[\\/]HomeScreen\.tsx$/);
  expect(screens.size).toBeGreaterThan(30);
  for (const [id, module] of screens) expect(existsSync(module), `${id}: ${module}`).toBe(true);
});

/** index.html's inline loader, as the build keeps it. */
const loader = /<script>([\s\S]*?)<\/script>/.exec(readFileSync(new URL('../../index.html', import.meta.url), 'utf8'))![1]!;

describe('the page’s head', () => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  let spaDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    spaDir = mkdtempSync(path.join(tmpdir(), 'sg-screen-preloads-'));
    mkdirSync(path.join(spaDir, 'assets'));
    mkdirSync(path.join(spaDir, '.vite'));
    writeFileSync(
      path.join(spaDir, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Sip &amp; Gather</title>
<script>${loader}</script>
<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(
      path.join(spaDir, '.vite', 'route-chunks.json'),
      JSON.stringify({
        '/home': { js: ['/assets/home.js', '/assets/card.js'], css: ['/assets/s-home.css'] },
        '/product/$productID': { js: ['/assets/product.js'], css: [] },
      }),
    );
    app = createApp(t.deps, { spaDir });
  });
  afterAll(async () => {
    rmSync(spaDir, { recursive: true, force: true });
    await t.close();
  });

  const head = async (url: string) => {
    const answer = await app.request(url);
    return { status: answer.status, policy: answer.headers.get('content-security-policy') ?? '', html: (await answer.text()).split('</head>')[0]! };
  };
  /** The screen files the page names for the loader, or undefined when it names none. */
  const named = (html: string) => {
    const block = /<script type="application\/json" id="sg-screen-files">([^<]*)<\/script>/.exec(html);
    return block ? (JSON.parse(block[1]!) as { js: string[]; css: string[] }) : undefined;
  };

  it('names the page’s screen files for the loader, and nothing in the head fetches them before the first paint', async () => {
    const home = await head('/home');
    expect(home.status).toBe(200);
    expect(named(home.html)).toEqual({ js: ['/assets/home.js', '/assets/card.js'], css: ['/assets/s-home.css'] });
    expect(home.html).not.toMatch(/<link [^>]*rel="(modulepreload|preload)"[^>]*\/assets\/(home|card|s-home)/);
    expect(named((await head('/product/tea-tieguanyin')).html)).toEqual({ js: ['/assets/product.js'], css: [] });
  });

  it('lets index.html’s loader run under the page’s Content-Security-Policy, by its hash', async () => {
    const hash = `'sha256-${createHash('sha256').update(loader).digest('base64')}'`;
    expect((await head('/home')).policy).toMatch(new RegExp(`script-src [^;]*${hash.replace(/[+/]/g, '\\$&')}`));
  });

  it('names none on a page that is not there, or whose route has no screen files', async () => {
    const missing = await head('/product/no-such-product');
    expect(missing.status).toBe(404);
    expect(named(missing.html)).toBeUndefined();
    expect(named((await head('/about')).html)).toBeUndefined();
  });
});
