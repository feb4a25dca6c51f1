// `npm run build` (also the first half of `npm start`): brings each build output up to date and leaves it
// alone when nothing it is made from changed, so a second start compiles nothing.
// - GraphQL codegen and the portal's Vite build are skipped when a hash of their inputs matches the one
//   written next to their output by the last successful run.
// - The server, @berth/cron and @berth/rules compile with `tsc --build`, which keeps its own record (dist/.tsbuildinfo).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (file) => path.join(root, file);

/** Files under the given paths (files or folders), sorted, leaving out the `skip` paths. */
function listFiles(paths, skip = []) {
  const skipped = new Set(skip.map(at));
  const files = [];
  const walk = (file) => {
    if (skipped.has(file) || !existsSync(file)) return;
    if (!statSync(file).isDirectory()) return void files.push(file);
    for (const entry of readdirSync(file)) walk(path.join(file, entry));
  };
  for (const file of paths) walk(at(file));
  return files.sort();
}

function hashInputs({ paths, skip, env = [] }) {
  const hash = createHash('sha256');
  for (const file of listFiles(paths, skip))
    hash.update(`${path.relative(root, file)}\0`).update(readFileSync(file));
  hash.update(JSON.stringify(env));
  return hash.digest('hex');
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs `make` unless the stamp file holds the same input hash and every output exists; then records it. */
function unlessUnchanged(name, { inputs, outputs, stamp, make }) {
  const hash = hashInputs(inputs);
  const current = [stamp, ...outputs].every((file) => existsSync(at(file)));
  if (current && readFileSync(at(stamp), 'utf8') === hash) return console.log(`${name}: up to date`);
  const started = performance.now();
  make();
  writeFileSync(at(stamp), hash);
  console.log(`${name}: built in ${seconds(started)}`);
}

/** Runs a package's command in `dir` (relative to the root), finding the package as Node does from there. */
function runBin(packageName, bin, args, dir = '.') {
  const require = createRequire(at(`${dir}/package.json`));
  const manifest = require.resolve(`${packageName}/package.json`);
  const { bin: bins } = require(manifest);
  const script = path.join(path.dirname(manifest), typeof bins === 'string' ? bins : bins[bin]);
  const result = spawnSync(process.execPath, [script, ...args], { cwd: at(dir), stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const lockfile = 'package-lock.json';
// Written by the portal's build itself from src/app/routes (TanStack Router's plugin): not an input.
const routeTree = 'apps/portal/src/app/route-tree.gen.ts';

unlessUnchanged('codegen', {
  inputs: {
    paths: [
      'packages/schema/platform.graphql',
      'packages/schema/billing.graphql',
      'packages/schema/console-logs.graphql',
      'packages/schema/codegen.ts',
      'apps/portal/src',
      'apps/server/test',
      lockfile,
    ],
    skip: ['apps/portal/src/gql', 'apps/server/test/generated', routeTree],
  },
  outputs: [
    'apps/server/src/generated/resolvers-types.ts',
    'apps/server/src/generated/billing-resolvers-types.ts',
    'apps/server/src/generated/console-logs-resolvers-types.ts',
    'apps/portal/src/gql/index.ts',
    'apps/server/test/generated/index.ts',
  ],
  stamp: 'apps/server/src/generated/.inputs-hash',
  make: () => runBin('@graphql-codegen/cli', 'graphql-codegen', ['--config', 'packages/schema/codegen.ts']),
});

// The server and the workspace packages it imports at run time (through their `berth-compiled` export).
const buildInfo = at('apps/server/dist/.tsbuildinfo');
const builtAt = () => (existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0);
const [before, started] = [builtAt(), performance.now()];
runBin('typescript', 'tsc', ['--build', 'apps/server/tsconfig.build.json']);
console.log(builtAt() === before ? 'server: up to date' : `server: compiled in ${seconds(started)}`);

// The migration runner reads the SQL files next to itself (db/migrations): dist's copy mirrors src's.
const migrations = { from: at('apps/server/src/db/migrations'), to: at('apps/server/dist/db/migrations') };
mkdirSync(migrations.to, { recursive: true });
const sources = new Set(readdirSync(migrations.from));
for (const file of readdirSync(migrations.to)) if (!sources.has(file)) rmSync(path.join(migrations.to, file));
for (const file of sources) {
  const [from, to] = [path.join(migrations.from, file), path.join(migrations.to, file)];
  if (!existsSync(to) || !readFileSync(from).equals(readFileSync(to))) copyFileSync(from, to);
}

// Operators set PostHog's project key and host under the names the server reads; the portal reads them as VITE_*.
for (const name of ['POSTHOG_KEY', 'POSTHOG_HOST']) {
  if (process.env[name] && !process.env[`VITE_${name}`]) process.env[`VITE_${name}`] = process.env[name];
}

const portalInputs = ['index.html', 'public', 'src', 'vite.config.ts', 'package.json', 'tsconfig.json'];
const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'];
unlessUnchanged('portal', {
  inputs: {
    paths: [
      ...[...portalInputs, ...envFiles].map((file) => `apps/portal/${file}`),
      'packages/cron/src',
      'packages/cron/package.json',
      'packages/rules/src',
      'packages/rules/package.json',
      'tsconfig.base.json',
      lockfile,
    ],
    skip: [routeTree],
    // Build-time settings of the portal (apps/portal/src/config/env.ts).
    env: Object.entries(process.env)
      .filter(([key]) => key.startsWith('VITE_'))
      .sort(),
  },
  outputs: ['apps/portal/dist/index.html'],
  stamp: 'apps/portal/dist/.inputs-hash',
  make: () => runBin('vite', 'vite', ['build', '--logLevel', 'warn'], 'apps/portal'),
});
