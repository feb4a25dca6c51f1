import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'cron', root: 'packages/cron', include: ['test/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'rules', root: 'packages/rules', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          globalSetup: ['test/support/fuzz-seed.ts'],
        },
      },
      'apps/portal/vitest.config.ts',
    ],
  },
});
