import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestDatabase } from './database.ts';
import { expect } from 'vitest';
import { eventually } from './http.ts';
import { testEnvironment } from './server.ts';

/** The repository root: where `npm run admin` and `node --import tsx apps/server/src/main.ts` run. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The variables a child process gets besides the ones a test gives: never the parent's DATABASE_URL. */
function baseEnvironment(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_OPTIONS'];
  return Object.fromEntries(keep.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Child {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
}

/** Starts a command in the repository root; `detached` gives it its own process group (as a terminal does). */
export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  { detached = false } = {},
): Child {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...baseEnvironment(), ...env },
    stdio: 'pipe',
    detached,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  return { process: child, stdout: () => stdout, stderr: () => stderr, exited };
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end. */
export async function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Finished> {
  const child = start(command, args, env);
  const { code } = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

/** `node --import tsx apps/server/src/main.ts` with exactly these variables (and PATH, HOME). */
export const runServerMain = (env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], env);

export interface ServerProcess extends Child {
  url: string;
  /** Sends the signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
}

/** The server as its own process on this database, as `npm start` runs it; resolves once /healthz answers. */
export async function spawnServer(
  database: TestDatabase,
  port: number,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = start(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    ...testEnvironment(database, port),
    LOG_LEVEL: 'warn',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  let exit: Exit | undefined;
  void child.exited.then((value) => (exit = value));
  await eventually(
    'the server process to answer /healthz',
    async () => {
      if (exit) throw new Error(`the server exited (${JSON.stringify(exit)}): ${child.stderr()}`);
      const response = await fetch(`${url}/healthz`).catch(() => undefined);
      return response?.status === 200 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  return {
    ...child,
    url,
    async stop(signal) {
      child.process.kill(signal);
      return child.exited;
    },
  };
}

/** `npm run admin -- ...args` on this database (through the running server when PGlite and one runs). */
export const runAdmin = (database: TestDatabase, args: string[]) =>
  run('npm', ['run', '--silent', 'admin', '--', ...args], {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    LOG_LEVEL: 'warn',
  });

/**
 * An operator subscribes a signed-up account to serverless containers, confirming its address first (as
 * `account verify` does for addresses checked elsewhere): a grant alone counts only once it is confirmed.
 */
export async function grantAsOperator(database: TestDatabase, email: string) {
  for (const args of [
    ['account', 'verify', '--email', email],
    ['subscription', 'grant', '--email', email, '--product', 'serverless-container'],
  ]) {
    const result = await runAdmin(database, args);
    expect(result.code, result.stderr).toBe(0);
  }
}
