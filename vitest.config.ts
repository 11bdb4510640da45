import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { linguiMacro } from './build/lingui-macro.ts';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    linguiMacro(),
    react(),
    lingui(),
  ],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    // Vitest's default is one worker fewer than the cores, which on our 2-core machines is one: half the
    // machine idle for the whole unit stage. Its main process only transforms and reports, and the UI
    // files spend much of their time waiting on timers and the test server, so one worker per core.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // Builds the migrated, seeded database once per run; each test app opens a copy.
          globalSetup: ['tests/global-setup.ts'],
          // One module graph per worker, not per file: the server keeps no module state (createApp(deps)), and importing
          // the server, drizzle and PGlite again for each of ~100 files was half the project's CPU time (measured on 25
          // files: user CPU 146 s isolated, 74 s not; import time 292 s, 36 s).
          isolate: false,
          // A hang detector, as in the other projects: 50 concurrent checkouts or 20 deliveries of one notice, a few
          // seconds quiet, passed 30 s with the machine oversubscribed (the database runs in the test's own thread).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Generating and checking a machine's path set is seconds of CPU; Vitest's 5 s default made it fail
        // on a busy machine (eventJoin's coverage in CI beside the browser suite). A timeout catches a hang, not slowness.
        test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'], testTimeout: 60_000, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.tsx'],
          setupFiles: ['tests/ui/setup.ts'],
          globalSetup: ['tests/global-setup.ts'],
          // Room for a few of setup.ts's waits in one test on a busy machine: a hang detector, not a speed bound.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
