import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractDescriptors } from './build/contract-descriptors.ts';
import { firstLoadMessages } from './build/first-load-messages.ts';
import { linguiMacro } from './build/lingui-macro.ts';
import { linguiPlainNumbers } from './build/lingui-plain-numbers.ts';
import { firstScreenChunk } from './build/first-screen-chunk.ts';
import { precompress } from './build/precompress.ts';
import { preloadOnePerTask } from './build/preload-one-per-task.ts';
import { routeChunks } from './build/route-chunks.ts';
import { serviceWorker } from './build/service-worker.ts';
import { shortMessageIds } from './build/short-message-ids.ts';
import { stripMachineDescriptions } from './build/strip-machine-descriptions.ts';
import pkg from './package.json' with { type: 'json' };
import type { Plugin } from 'vite';

/**
 * Production builds (issue 14, Fast): the page's first paint comes with the HTML (the server writes a
 * static shell into #root, server/http/page-head.ts), so the entry's scripts are not needed for it and
 * load at low priority, leaving the stylesheet and the page's largest picture to go first.
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'sg:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
    },
  };
}

const apiPort = process.env.API_PORT ?? '3000';

/** The lazily loaded screens a first visit shows: their messages and imports come with the first load. */
const firstScreens = ['src/features/shop/HomeScreen.tsx'];
const firstScreen = firstScreenChunk({ firstScreens });

export default defineConfig({
  plugins: [
    // Client builds: calls as descriptors, without their valibot schemas (DESIGN §10).
    contractDescriptors(),
    // Production builds: machine descriptions are for readers and the Stately visualizer only.
    stripMachineDescriptions(),
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      // Screens are split by hand (lazyScreen) so that chunk loads get the spec's 120 s time-out.
      autoCodeSplitting: false,
    }),
    linguiMacro(),
    react(),
    lingui(),
    // Builds: a plural's count in English or Chinese written without making an Intl formatter.
    linguiPlainNumbers(),
    // Production builds: Lingui message ids shortened in the code and the catalogues alike.
    shortMessageIds(),
    // Production builds: the first load carries the messages of the entry and of /home only; every
    // other screen and popup chunk carries its own messages (src/i18n/i18n.ts, build/first-load-messages.ts).
    firstLoadMessages({ firstScreens }),
    firstScreen.plugin,
    scriptsAfterFirstPaint(),
    // Production builds: a lazy chunk's files are asked for one per task, not all in the task that imports it (issue 30).
    preloadOnePerTask(),
    // Production builds: each page's screen files, which the server names in the page's HTML (issue 30).
    routeChunks(),
    // Production builds: /sw.js, Workbox with the build's precache list (issue 20).
    serviceWorker({ entry: 'src/sw/sw.ts' }),
    // Production builds: a .br and a .gz beside every text file, for the server to send as they are.
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist/spa',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: {
      // Browsers without <link rel="modulepreload"> (Safari before 17) load the same modules, only
      // without preloading; the polyfill would be in every first load.
      polyfill: false,
      // What a lazy chunk needs besides itself (import() fetches the chunk itself at once): the file
      // names are in the first load, some 0.5 KB gzip less without the chunks' own (DESIGN §10).
      resolveDependencies: (chunk, deps) => deps.filter((dep) => dep !== chunk),
    },
    rolldownOptions: {
      output: {
        // Lazy chunks are named by their hash alone: every chunk's imports and the entry's preload map
        // spell out these names, and the readable part cost each route's first load some 1.3 kB gzip
        // (DESIGN §10). The first load's own chunk keeps its name, for readers of the network panel.
        chunkFileNames: (chunk) => (chunk.name === 'app' ? 'assets/app-[hash].js' : 'assets/c[hash].js'),
        assetFileNames: 'assets/s[hash][extname]',
        codeSplitting: {
          groups: [
            {
              // What the first load needs, in one file (DESIGN §10): by default the bundler splits off
              // every module a lazy chunk shares with the entry, some 15 small files that compress
              // worse apart. src/main.tsx stays behind so that the entry chunk, which index.html
              // loads, is not left empty (an empty entry chunk is dropped, and index.html with it).
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/(?:\.html|[\\/]src[\\/]main\.tsx)$/.test(id),
            },
            // A price and the formats it uses, which nearly every screen showing one loads: one file, not two.
            { name: 'price', test: /[\\/]src[\\/]ui[\\/]Price\.tsx$/ },
            // What the first screens import beyond that: what other screens share, and what only they need.
            ...firstScreen.groups,
            {
              // What every checkout (product, event, subscription) loads with its screen besides its own
              // flow: the selectors and types of paying and of choosing how to pay, what fetches the payment
              // step's chunk, and the frame and parts every checkout step draws (not the order kinds' registry:
              // the frame fetches it once the checkout shows, src/app/order-outcome.ts). Apart, these are small
              // files that compress worse (DESIGN §10). Their dependencies come along: keep them to these. Not their machines: those are the payment step's chunk
              // (src/features/checkout/payment-step-chunk.ts).
              name: 'checkout-common',
              test: (id) =>
                /[\\/]machines[\\/](order-payment[\\/]order-payment|payment-choice[\\/]payment-choice)\.(selectors|types)\.ts$|[\\/]machines[\\/]payment-step[\\/]payment-step\.selectors\.ts$|[\\/]src[\\/]features[\\/]checkout[\\/](order-fail-data|payment-step-chunk|CheckoutFrame|checkout-parts)\.tsx?$|[\\/]@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]useRouterState\.js$/.test(id),
            },
            // An address as the checkouts and the order records show it, with the postal codes and places it reads
            // (the enquiry form's places come with it): one file, not three.
            { name: 'address-summary', test: /[\\/]src[\\/]ui[\\/](AddressSummary\.tsx|postal-codes\.ts)$/ },
            // A taste card's flow, which /taste_card/select_product and /taste_card/steps load under their layout:
            // its rules (which a submitted survey reads too), and what the layout, both screens and their steps read
            // of it, each in one file rather than the several that the steps loaded later made of them. Nothing
            // with words: a chunk's words come with every screen chunk importing it (build/first-load-messages.ts),
            // and the layout's would then carry the screens' words too.
            { name: 'taste-card-rules', test: /[\\/]machines[\\/]taste-card(-steps)?[\\/]taste-card(-steps)?\.rules\.ts$/ },
            { name: 'taste-card-flow-parts', test: /[\\/]machines[\\/]taste-card[\\/]taste-card\.selectors\.ts$|[\\/]src[\\/]features[\\/]taste-cards[\\/]flow-context\.ts$/ },
            // What the post editor, its later steps and its leave dialog share (its selectors and rules, the words of
            // a step's problems): one file, not three.
            {
              name: 'inspiration-editor-parts',
              test: /[\\/]machines[\\/]inspiration-editor[\\/]inspiration-editor\.(selectors|rules)\.ts$|[\\/]src[\\/]features[\\/]inspiration[\\/]EditorProblems\.tsx$/,
            },
            // A checkout's summary with the totals it draws (bag and order pages fetch the few lines of the summary along).
            { name: 'checkout-summary', test: /[\\/]src[\\/]features[\\/]checkout[\\/]CheckoutSummary\.tsx$|[\\/]src[\\/]ui[\\/]OrderTotals\.tsx$/ },
            // Every checkout's coupon and totals, before the flows below, which would each take it along.
            { name: 'coupon-totals', test: /[\\/]machines[\\/]coupon-totals[\\/]coupon-totals\.(machine|provide|types)\.ts$/ },
            // A checkout's flow (its machine, its actors with their calls, its selectors) in one chunk: apart, the
            // steps loaded after the screen, which import some of it, split it into three files (DESIGN §10).
            { name: 'product-checkout-flow', test: /[\\/]machines[\\/]checkout[\\/]checkout\.(machine|selectors)\.ts$|[\\/]src[\\/]features[\\/]checkout[\\/]checkout\.actors\.ts$/ },
            { name: 'event-join-flow', test: /[\\/]machines[\\/]event-join[\\/]event-join\.(machine|selectors|guests)\.ts$|[\\/]event-join\.actors\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/media': `http://localhost:${apiPort}`,
    },
  },
});
