import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBerthServer } from './support/berth-server.ts';

// The browser tests run against the real server, built portal included, on a fresh data folder (or the
// fresh database CI passes in DATABASE_URL), so every run starts from an empty platform.
const root = fileURLToPath(new URL('..', import.meta.url));
const port = 8090;
const baseUrl = `http://localhost:${port}`;

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(root, 'apps/portal/dist/index.html'))) {
    throw new Error('apps/portal/dist is missing: run `npm run build` first (npm test does)');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'berth-e2e-'));
  // Tests run the admin command line against the same data (support/admin.ts).
  process.env.E2E_DATA_DIR = dataDir;

  try {
    const server = await startBerthServer({ port, dataDir, env: { PUBLIC_URL: baseUrl } });
    return async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
