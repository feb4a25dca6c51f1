// Vitest's global set-up of the server tests: picks the fuzz suite's seed (unless FUZZ_SEED is given) and
// prints it before any test runs, so a run that crashes or hangs can still be replayed. The test workers
// inherit it through the environment.
export default function setup() {
  process.env.FUZZ_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
  console.log(
    `fuzz seed ${process.env.FUZZ_SEED}; replay with FUZZ_SEED=${process.env.FUZZ_SEED} npx vitest run --project server apps/server/test/graphql/fuzz.test.ts`,
  );
}
