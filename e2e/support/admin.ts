import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** The data folder of the browser tests' server. */
function testDataDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: the tests run through playwright.config.ts global setup');
  return dataDir;
}

/** Runs the operators' command line (`npm run admin -- ...`) against the test server's data. */
export async function admin(...args: string[]): Promise<string> {
  return adminIn(testDataDir(), ...args);
}

/** Runs the operators' command line against the data of the server in `dataDir` (a test's own server). */
export async function adminIn(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
  return stdout;
}

let counter = 0;

/** An address no other test (or earlier run on the same database) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const testPassword = 'correct-horse-battery-staple';

/** Creates a new (restricted) customer account and returns its sign-in details. */
export async function createCustomer(
  label: string,
  name = 'Test Customer',
): Promise<{ email: string; password: string; name: string }> {
  return createCustomerIn(testDataDir(), label, name);
}

/** Creates a new customer account on the server with its data in `dataDir` (a test's own server). */
export async function createCustomerIn(
  dataDir: string,
  label: string,
  name = 'Test Customer',
): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail(label);
  await adminIn(dataDir, 'account', 'create', '--email', email, '--password', testPassword, '--name', name);
  return { email, password: testPassword, name };
}
