import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** Runs the operators' command line (`npm run admin -- ...`) against the test server's data. */
export async function admin(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: the tests run through playwright.config.ts global setup');
  return adminIn(dataDir, ...args);
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
  const email = uniqueEmail(label);
  await admin('account', 'create', '--email', email, '--password', testPassword, '--name', name);
  return { email, password: testPassword, name };
}
