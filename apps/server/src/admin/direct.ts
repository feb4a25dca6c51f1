import { openDatabase } from '../db/client.ts';
import type { Environment } from '../environment.ts';
import { createRuntimeReports } from '../modules/runtime-reports/reports.ts';
import { createProvisioner } from '../provisioning/provisioner.ts';
import { createDatabaseClusterDriver } from '../provisioning/database-cluster-drivers.ts';
import { createMessageQueueDriver } from '../provisioning/message-queue-drivers.ts';
import { createSimulatedDriver } from '../provisioning/simulated/driver.ts';
import { loadSecretBox } from '../secrets/key.ts';
import { createServices } from '../services.ts';
import { runAdminCommand, type CommandResult } from './commands.ts';

/** Runs a command on the database itself (PostgreSQL, or PGlite with no server running). */
export async function runDirectly(env: Environment, argv: string[]): Promise<CommandResult> {
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
