import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzPlan } from '../support/fuzz-cases.ts';
import { FuzzWorld } from '../support/fuzz-world.ts';
import { startServer, type TestServer } from '../support/server.ts';

// Hostile input for every mutation and every query that takes arguments, of the platform and the billing
// API, read from their schemas (support/fuzz-cases.ts), through real HTTP on a seeded world
// (support/fuzz-world.ts): never an internal error or a 5xx, and a refused mutation leaves the database as
// it was. By default a seeded sample runs;
// FUZZ_FULL=1 runs every case, FUZZ_SEED=<n> replays a sample. The seed is picked and printed before the
// run starts (support/fuzz-seed.ts, vitest's global set-up).

const seed = Number(process.env.FUZZ_SEED);
const full = process.env.FUZZ_FULL === '1';
const plan = fuzzPlan({ seed, full, total: 330 });
const replay = `FUZZ_SEED=${seed} npx vitest run --project server apps/server/test/graphql/fuzz.test.ts`;

let server: TestServer;
let world: FuzzWorld;

beforeAll(async () => {
  server = await startServer({
    SIMULATED_DELAY_MS: '0',
    // The full run takes minutes: its one token must last, and its pace is not abuse.
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    RATE_LIMIT_API_PER_MINUTE: '1000000',
  });
  world = await FuzzWorld.seed(server);
}, 120_000);
afterAll(() => server.close());

describe('hostile input', () => {
  for (const [operation, cases] of plan) {
    it(
      `${operation}: ${cases.length} cases, no internal error, nothing written when refused`,
      async () => {
        const failures: string[] = [];
        for (const fuzzCase of cases) {
          const { failure } = await world.run(fuzzCase);
          if (failure) {
            failures.push(`${fuzzCase.position} = ${fuzzCase.label} (${fuzzCase.mode}): ${failure}`);
          }
        }
        expect(failures, `replay with ${replay}`).toEqual([]);
      },
      full ? 1_800_000 : 60_000,
    );
  }
});
