import { readFile } from 'node:fs/promises';
import { EnvironmentError, readEnvironment } from '../environment.ts';
import type { CommandResult } from './commands.ts';
import { serverFile } from './endpoint.ts';

// Operators' command line. On PostgreSQL it works on the database directly; on PGlite, which admits one
// process at a time, it goes through the running server when there is one. The server's modules are loaded
// only to work directly (direct.ts): through a running server a command starts in a fraction of the time.

async function viaRunningServer(dataDir: string, argv: string[]): Promise<CommandResult | undefined> {
  let server: { url: string; token: string };
  try {
    server = JSON.parse(await readFile(serverFile(dataDir), 'utf8')) as typeof server;
  } catch {
    return undefined;
  }
  try {
    const response = await fetch(`${server.url}/admin/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ argv }),
    });
    if (!response.ok) throw new Error(`the running server answered HTTP ${response.status}`);
    return (await response.json()) as CommandResult;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return undefined; // stale file
    throw error;
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const env = readEnvironment();
  const viaServer = env.DATABASE_URL ? undefined : await viaRunningServer(env.DATA_DIR, argv);
  const result = viaServer ?? (await (await import('./direct.ts')).runDirectly(env, argv));
  (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
  process.exitCode = result.exitCode;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof EnvironmentError ? error.message : `Error: ${(error as Error).message}`}\n`,
  );
  process.exitCode = 1;
});
