import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { eventually, platformApi, tokenFor } from '../support/http.ts';
import { freePort } from '../support/ports.ts';
import { REPO_ROOT, run } from '../support/process.ts';
import { CREATE_NAMESPACE, NAMESPACES } from '../support/queries.ts';
import { testEnvironment } from '../support/server.ts';

// The container image's runtime stage, checked without Docker (no engine here): the Dockerfile is read and
// its runtime stage replayed in a temporary folder standing for the image's WORKDIR, then its CMD started
// there with its ENV, as the image would start.
// - COPY from the build context copies from the repository; COPY --from=build copies from the repository
//   after `npm run build`, which is what the build stage runs on the same sources (`COPY . .`).
// - The stage's `npm ci --omit=dev --workspace …` runs for real, with only the manifests the stage copied:
//   the same lockfile gives exactly the image's node_modules (and npm's check that the lockfile fits those
//   manifests). It adds --prefer-offline: the packages come from npm's cache, which installing the
//   repository (`npm ci`, as CI does first) fills, and from the registry only when the cache lacks one.
//   That is about 20 s. Deriving the production closure from package-lock.json instead would be quicker, but
//   it would re-implement npm's choice of what --omit=dev and --workspace keep rather than test it.
// - Commands that change only the image, not the files the server finds, are not repeated (IMAGE_ONLY).
// A server that starts from that folder, answers /healthz, signs in, runs a GraphQL mutation and serves the
// portal needs nothing the image leaves out: no dev dependency, no file of the repository it was not given.

const DOCKERFILE = path.join(REPO_ROOT, 'Dockerfile');
const ADMIN_CLI = 'apps/server/dist/admin/cli.js';

/** Runtime-stage commands not replayed: emptying npm's cache here would empty this machine's. */
const IMAGE_ONLY = new Set(['npm cache clean --force', 'chown 1000:1000 data']);

interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions of each stage, by its `AS` name (continuation lines joined, comments left out). */
function stages(text: string): Map<string, Instruction[]> {
  const result = new Map<string, Instruction[]>();
  let current: Instruction[] = [];
  for (const line of text.replace(/\\\n\s*/g, ' ').split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(trimmed) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      current = [];
      result.set(/\bAS\s+(\S+)$/i.exec(args)?.[1] ?? '', current);
    }
    current.push({ keyword: keyword.toUpperCase(), args });
  }
  return result;
}

const only = (stage: Instruction[], keyword: string) => stage.filter((step) => step.keyword === keyword);

function workdir(stage: Instruction[]): string {
  const [first, ...others] = only(stage, 'WORKDIR');
  if (!first || others.length) throw new Error('a stage of the Dockerfile should set one WORKDIR');
  return first.args;
}

/** Runs a command in a folder; resolves with its exit code and output. */
function exec(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd, env, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    exited: new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    }),
  };
}

/** COPY of the runtime stage: a folder's contents into the destination, files into a `…/` destination. */
function copy(args: string, from: { build: string }, image: string) {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith('--'));
  const [destination = '', ...sources] = words.filter((word) => !word.startsWith('--')).reverse();
  const fromBuild = flags.includes('--from=build');
  const unknown = flags.filter((flag) => flag !== '--from=build');
  if (unknown.length || /[*?[]/.test(args)) throw new Error(`COPY ${args}: not something this test replays`);
  for (const source of sources.reverse()) {
    const relative = fromBuild ? path.posix.relative(from.build, source) : source;
    if (relative.startsWith('..')) throw new Error(`COPY ${args}: outside the build stage's WORKDIR`);
    const origin = path.join(REPO_ROOT, relative);
    const target =
      statSync(origin).isFile() && (destination.endsWith('/') || sources.length > 1)
        ? path.join(image, destination, path.basename(source))
        : path.join(image, destination);
    cpSync(origin, target, { recursive: true });
  }
}

describe('the container image (Dockerfile runtime stage)', () => {
  const dockerfile = stages(readFileSync(DOCKERFILE, 'utf8'));
  const runtimeStage = dockerfile.get('runtime') ?? [];
  const buildStage = dockerfile.get('build') ?? [];
  const imageEnv = Object.fromEntries(
    only(runtimeStage, 'ENV').map(({ args }) => args.split('=', 2) as [string, string]),
  );
  const [cmd] = only(runtimeStage, 'CMD').map(({ args }) => JSON.parse(args) as string[]);
  const [healthcheck] = only(runtimeStage, 'HEALTHCHECK').map(
    ({ args }) => JSON.parse(args.replace(/^.*?\bCMD\s+/, '')) as string[],
  );

  let image: string;
  let database: TestDatabase;
  let url: string;
  let port: number;
  let server: ReturnType<typeof exec> | undefined;

  beforeAll(async () => {
    const build = await run('npm', ['run', 'build']);
    if (build.code !== 0) throw new Error(`npm run build failed: ${build.stdout}\n${build.stderr}`);
    image = mkdtempSync(path.join(tmpdir(), 'berth-image-'));
    expect(workdir(runtimeStage)).toBe('/app');
    for (const step of runtimeStage) {
      if (step.keyword === 'COPY') copy(step.args, { build: workdir(buildStage) }, image);
      if (step.keyword !== 'RUN') continue;
      for (const command of step.args.split('&&').map((part) => part.trim())) {
        if (IMAGE_ONLY.has(command)) continue;
        const [program = '', ...args] = command.split(/\s+/);
        if (program === 'mkdir') {
          for (const folder of args) mkdirSync(path.join(image, folder));
        } else if (program === 'npm' && args[0] === 'ci') {
          // --prefix: this folder whatever npm configuration the test inherits (`npm --prefix … test` sets one).
          const options = ['--prefer-offline', '--prefix', image];
          const npm = exec('npm', [...args, ...options], image, { ...process.env, ...imageEnv });
          if ((await npm.exited) !== 0) throw new Error(`${command} failed:\n${npm.output()}`);
        } else {
          throw new Error(`RUN ${command}: not something this test replays`);
        }
      }
    }
    database = await createTestDatabase();
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
  }, 90_000);

  afterAll(async () => {
    if (server?.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    if (image) rmSync(image, { recursive: true, force: true });
    await database?.drop();
  });

  it('runs what `npm start` runs, as a numbered non-root user, in production, on port 8080', () => {
    const start = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(cmd?.join(' ')).toBe(start.scripts.start.split('&&').at(-1)?.trim());
    const [user] = only(runtimeStage, 'USER').map(({ args }) => args);
    expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
    expect(imageEnv.NODE_ENV).toBe('production');
    expect(only(runtimeStage, 'EXPOSE').map(({ args }) => args)).toEqual(['8080']);
  });

  it('builds and runs on the slim image of the Node that .nvmrc names, which `engines` allows', () => {
    const targeted = readFileSync(path.join(REPO_ROOT, '.nvmrc'), 'utf8').trim();
    const major = targeted.split('.')[0];
    for (const stage of [buildStage, runtimeStage]) {
      expect(only(stage, 'FROM')[0]?.args).toMatch(new RegExp(`^node:${major}-\\w+-slim AS \\w+$`));
    }
    const { engines } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const [, floor = ''] = /^>=(\d+)\.\d+$/.exec(engines.node) ?? [];
    expect(Number(major)).toBeGreaterThanOrEqual(Number(floor));
  });

  it('holds production dependencies only', () => {
    for (const tool of ['typescript', 'vite', 'vitest', 'tsx', 'eslint', '@graphql-codegen/cli']) {
      expect(existsSync(path.join(image, 'node_modules', tool)), tool).toBe(false);
    }
    for (const workspace of ['cron', 'rules', 'schema']) {
      expect(existsSync(path.join(image, 'node_modules/@berth', workspace, 'package.json'))).toBe(true);
    }
    expect(existsSync(path.join(image, 'apps/server/src'))).toBe(false);
    expect(existsSync(path.join(image, 'packages/cron/src'))).toBe(false);
  });

  it('starts from that layout: health, health check, sign-in, the API, the portal, a graceful stop; admin commands', async () => {
    const [command = '', ...args] = cmd ?? [];
    const env = {
      PATH: process.env.PATH,
      ...testEnvironment(database, port),
      ...imageEnv,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      DEMO_ACCOUNT: 'true',
      DEMO_PASSWORD: 'container-image',
      LOG_LEVEL: 'warn',
    };
    server = exec(command === 'node' ? process.execPath : command, args, image, env);
    let ended = false;
    void server.exited.then(() => (ended = true));
    const health = await eventually(
      'the server started from the image layout to answer /healthz',
      async () => {
        if (ended) throw new Error(`the server exited: ${server?.output() ?? ''}`);
        const response = await fetch(`${url}/healthz`).catch(() => undefined);
        return response?.status === 200 ? ((await response.json()) as unknown) : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(health).toEqual({ status: 'ok', database: database.databaseUrl ? 'postgres' : 'pglite' });

    const [checkCommand = '', ...checkArgs] = healthcheck ?? [];
    const check = () =>
      exec(checkCommand === 'node' ? process.execPath : checkCommand, checkArgs, image, {
        PORT: String(port),
      }).exited;
    expect(await check()).toBe(0);

    const { access_token } = await tokenFor(url, 'demo@example.com', 'container-image');
    const demo = platformApi(url, access_token);
    await demo.data(CREATE_NAMESPACE, { name: 'imaged' });
    expect((await demo.data(NAMESPACES)).namespaces.map((namespace) => namespace.name)).toEqual(['imaged']);

    const page = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/shutdown (timed out|failed)/);
    expect(await check()).toBe(1);

    // Operator commands (deploy/README.md) from the image too: the compiled admin command line.
    const admin = exec(
      process.execPath,
      ['--conditions=berth-compiled', ADMIN_CLI, 'flag', 'list'],
      image,
      env,
    );
    expect(await admin.exited).toBe(0);
    expect(admin.output()).toContain('database-clusters');
  }, 60_000);
});
