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
    const server = await startBerthServer({
      port,
      dataDir,
      // An issuer with an address, as a provider configures it (invoices show it); no VAT, so prices stay net.
      env: {
        PUBLIC_URL: baseUrl,
        INVOICE_ISSUER: 'Berth Cloud GmbH\nAm Sandtorkai 1\n20457 Hamburg\nGermany',
        INVOICE_ISSUER_VAT_NUMBER: 'DE999999999',
      },
    });
    return async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
