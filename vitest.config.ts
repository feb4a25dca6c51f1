import { defineConfig } from 'vitest/config';

const parallel = { maxWorkers: 2, sequence: { groupOrder: 1 } };
// A worker runs its files one after another in one module graph, not each in a fresh one: importing the server
// anew for each file cost about 5 s of each (half the server suite's time). Each file still starts its own
// server on its own database; what a library keeps for the whole process (the Kubernetes client's models) a
// test that changes it puts back.
const shared = { ...parallel, isolate: false };

// CI's second pass, on PostgreSQL (TEST_PASS=database, see .ci/run), runs again what reads or writes Berth's
// database. It leaves out the repository's own checks, the Kubernetes drivers against their API stand-in, the
// RabbitMQ driver against its broker, the API contract read from API.md, and the builds.
const databasePass = process.env.TEST_PASS === 'database';
const notOnDatabasePass = [
  'test/repository/**',
  'test/provisioning/kubernetes-*',
  'test/provisioning/rabbitmq-*',
  'test/graphql/api-contract.test.ts',
];

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
          ...shared,
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          exclude: ['test/deployment/**', 'test/process/**', ...(databasePass ? notOnDatabasePass : [])],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['test/support/fuzz-seed.ts'],
        },
      },
      {
        // Tests that start Berth's own processes and time them (start-up, restarts, graceful stops), trace
        // them (whose receivers load Sentry's packages, which leave a global behind in a shared module graph)
        // or build it (the built server and image, each running `npm run build` into the same dist folders):
        // one at a time, each file in its own module graph, after everything else.
        test: {
          name: 'processes',
          root: 'apps/server',
          include: ['test/process/**/*.test.ts', ...(databasePass ? [] : ['test/deployment/**/*.test.ts'])],
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
