import { defineConfig } from 'vitest/config';

const parallel = { maxWorkers: 2, sequence: { groupOrder: 1 } };

export default defineConfig({
  test: {
    // The portal's screen tests (long, CPU-bound, timed by their clicks) run one file at a time; the server's,
    // rules' and cron's two at a time (CI's machine has two cores): each server file starts its own server on
    // its own database, so they run side by side; the tests of Berth's processes and builds last, alone.
    projects: [
      {
        test: {
          ...parallel,
          name: 'cron',
          root: 'packages/cron',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...parallel,
          name: 'rules',
          root: 'packages/rules',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...parallel,
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/deployment/**', 'test/process/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['test/support/fuzz-seed.ts'],
        },
      },
      {
        // Tests that start Berth's own processes and time them (start-up, restarts, graceful stops) or build
        // it (the built server and image, each running `npm run build` into the same dist folders): one at a
        // time, after everything else, so neither their timing nor their builds overlap.
        test: {
          name: 'processes',
          root: 'apps/server',
          include: ['test/process/**/*.test.ts', 'test/deployment/**/*.test.ts'],
          environment: 'node',
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/portal/vitest.config.ts',
    ],
  },
});
