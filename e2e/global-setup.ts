import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The browser tests run against the real server, built portal included, on a fresh data folder (or the
// fresh database CI passes in DATABASE_URL), so every run starts from an empty platform.
const root = fileURLToPath(new URL('..', import.meta.url));
const port = 8090;
const baseUrl = `http://localhost:${port}`;
const startupTimeoutMs = 90_000;

async function waitUntilHealthy(exited: Promise<number | null>): Promise<void> {
  const deadline = Date.now() + startupTimeoutMs;
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (Date.now() < deadline && !stopped) {
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    stopped
      ? 'The server exited during startup (see its output above)'
      : `The server was not healthy within ${startupTimeoutMs / 1000} s`,
  );
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(root, 'apps/portal/dist/index.html'))) {
    throw new Error('apps/portal/dist is missing: run `npm run build` first (npm test does)');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'berth-e2e-'));
  // Tests run the admin command line against the same data (support/admin.ts).
  process.env.E2E_DATA_DIR = dataDir;

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // Request logs would drown the test report; warnings and errors still show.
    env: { LOG_LEVEL: 'warn', ...process.env, PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
