import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const startupTimeoutMs = 90_000;

export interface BerthServer {
  stop(): Promise<void>;
}

/**
 * Starts the real server (built portal included) on `port` with its data in `dataDir`, and resolves once it
 * answers its health check. `env` adds to or overrides the settings (e.g. PUBLIC_URL).
 */
export async function startBerthServer({
  port,
  dataDir,
  env = {},
}: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<BerthServer> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // Request logs would drown the test report; warnings and errors still show.
    env: { LOG_LEVEL: 'warn', ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
  };
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

async function waitUntilHealthy(baseUrl: string, exited: Promise<number | null>): Promise<void> {
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
