import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../db/client.ts';
import { provisioningTasks } from '../db/schema.ts';
import { createNamespaceStore } from '../modules/namespaces/store.ts';
import type { RuntimeDriver } from './driver.ts';

export interface Task {
  kind: 'namespace';
  id: number;
  action: 'create' | 'delete';
}

interface TaskRow {
  id: number;
  resource_kind: string;
  resource_id: number;
  action: string;
  attempts: number;
}

/** A claim lasts this long; a process that dies holding one leaves the task to the next claimer. */
const CLAIM_SECONDS = 30;
const MAX_ATTEMPTS = 5;

interface Logger {
  error(payload: object, message: string): void;
}

/**
 * Applies desired state to the runtime. Tasks live in the database, so work left half done when a process
 * died is finished after the next start, and several processes never apply the same task at once
 * (FOR UPDATE SKIP LOCKED plus a timed claim).
 */
export function createProvisioner(deps: {
  database: Database;
  driver: RuntimeDriver;
  log: Logger;
  pollMs?: number;
}) {
  const { database, driver, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function claim(): Promise<TaskRow[]> {
    return queryRows<TaskRow>(
      database.db,
      sql`
      UPDATE provisioning_tasks SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM provisioning_tasks
        WHERE not_before <= now() AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING id, resource_kind, resource_id, action, attempts`,
    );
  }

  async function apply(task: TaskRow) {
    await database.db.transaction(async (tx) => {
      const namespaces = createNamespaceStore(tx);
      const namespace = await namespaces.findAnyById(task.resource_id);
      if (namespace && task.resource_kind === 'namespace') {
        if (task.action === 'create') {
          await driver.applyNamespace(namespace);
          await namespaces.update(namespace.id, { state: 'created', locked: false });
        } else {
          await driver.deleteNamespace(namespace);
          await namespaces.remove(namespace.id);
        }
      }
      await tx.execute(sql`DELETE FROM provisioning_tasks WHERE id = ${task.id}`);
    });
  }

  async function fail(task: TaskRow, error: unknown) {
    log.error({ err: error, task }, 'provisioning task failed');
    if (task.attempts < MAX_ATTEMPTS) {
      const backoff = 2 ** task.attempts;
      await database.db.execute(
        sql`UPDATE provisioning_tasks SET claimed_until = NULL, not_before = now() + make_interval(secs => ${backoff}) WHERE id = ${task.id}`,
      );
      return;
    }
    await database.db.transaction(async (tx) => {
      await createNamespaceStore(tx).update(task.resource_id, { state: 'failed', locked: false });
      await tx.execute(sql`DELETE FROM provisioning_tasks WHERE id = ${task.id}`);
    });
  }

  /** Applies every task that is due; returns how many it handled. */
  async function runDue(): Promise<number> {
    const tasks = await claim();
    for (const task of tasks) {
      try {
        await apply(task);
      } catch (error) {
        await fail(task, error);
      }
    }
    return tasks.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .catch((error: unknown) => log.error({ err: error }, 'provisioner loop failed'))
        .then(() => schedule(deps.pollMs ?? 250));
    }, delay);
  }

  return {
    /** Records a change for the runtime, in the caller's transaction. */
    async enqueue(tx: Db, task: Task) {
      const delay = driver.settleDelayMs(task.kind, task.action);
      await tx.insert(provisioningTasks).values({
        resourceKind: task.kind,
        resourceId: task.id,
        action: task.action,
        notBefore: sql`now() + make_interval(secs => ${delay / 1000})`,
      });
    },
    runDue,
    start() {
      stopped = false;
      schedule(0);
    },
    /** Stops polling and waits for the task in hand, so shutdown never leaves a half-applied change. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type Provisioner = ReturnType<typeof createProvisioner>;
