import { readFile } from 'node:fs/promises';
import { openDatabase } from '../db/client.ts';
import { EnvironmentError, readEnvironment } from '../environment.ts';
import { createRuntimeReports } from '../modules/runtime-reports/reports.ts';
import { createProvisioner } from '../provisioning/provisioner.ts';
import { createDatabaseClusterDriver } from '../provisioning/database-cluster-drivers.ts';
import { createMessageQueueDriver } from '../provisioning/message-queue-drivers.ts';
import { createSimulatedDriver } from '../provisioning/simulated/driver.ts';
import { loadSecretBox } from '../secrets/key.ts';
import { createServices } from '../services.ts';
import { runAdminCommand, type CommandResult } from './commands.ts';
import { serverFile } from './endpoint.ts';

// Operators' command line. On PostgreSQL it works on the database directly; on PGlite, which admits one
// process at a time, it goes through the running server when there is one.

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

async function directly(env: ReturnType<typeof readEnvironment>, argv: string[]): Promise<CommandResult> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const provisioner = createProvisioner({
      database,
      driver: createSimulatedDriver({ delayMs: 0, reports: createRuntimeReports() }),
      log: console,
    });
    // The server warns about a missing SECRETS_KEY when it starts; a command's output stays its own.
    const secretBox = await loadSecretBox(database.db, env.SECRETS_KEY, { warn: () => undefined });
    const databaseClusterDriver = createDatabaseClusterDriver(env);
    const messageQueueDriver = createMessageQueueDriver(env);
    try {
      return await runAdminCommand(
        argv,
        createServices({ env, database, provisioner, databaseClusterDriver, messageQueueDriver, secretBox }),
      );
    } finally {
      await databaseClusterDriver.close();
      await messageQueueDriver.close();
    }
  } finally {
    await database.close();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const env = readEnvironment();
  const result =
    (!env.DATABASE_URL && (await viaRunningServer(env.DATA_DIR, argv))) || (await directly(env, argv));
  (result.exitCode === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
  process.exitCode = result.exitCode;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof EnvironmentError ? error.message : `Error: ${(error as Error).message}`}\n`,
  );
  process.exitCode = 1;
});
