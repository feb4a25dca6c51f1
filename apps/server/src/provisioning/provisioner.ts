import type { Database, Db } from '../db/client.ts';
import { ChangeInProgress, type RuntimeDriver } from './driver.ts';
import { backOffTask, claimTasks, deleteTask, insertTask, retryTaskLater, type TaskRow } from './store.ts';

export type TaskAction = 'create' | 'update' | 'delete';

export interface Task {
  /** The resource kind, as registered by its module (`namespace`, `container`, ...). */
  kind: string;
  id: number;
  action: TaskAction;
}

/** How one kind of resource is brought to its desired state; each module registers its own. */
export interface ResourceHandler {
  /** Applies the change to the runtime and records the outcome (state, unlock, removal) in tx. */
  apply(tx: Db, driver: RuntimeDriver, resourceId: number, action: TaskAction): Promise<void>;
  /**
   * Whether the change can be applied now. A delete may have to wait for what still uses the resource (a
   * volume for the workloads mounting it, a namespace for its contents); the task is then tried again
   * shortly, not counted as a failure.
   */
  ready?(tx: Db, resourceId: number, action: TaskAction): Promise<boolean>;
  /** Records that the change failed for good. */
  fail(tx: Db, resourceId: number): Promise<void>;
}

/** A claim lasts this long; a process that dies holding one leaves the task to the next claimer. */
const CLAIM_SECONDS = 30;
const MAX_ATTEMPTS = 5;
/** How long a task that has to wait for others waits before it is tried again. */
const WAIT_SECONDS = 1;

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
  const handlers = new Map<string, ResourceHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function claim(): Promise<TaskRow[]> {
    return claimTasks(database.db, CLAIM_SECONDS, 20);
  }

  function handlerOf(task: TaskRow): ResourceHandler {
    const handler = handlers.get(task.resource_kind);
    if (!handler) throw new Error(`no provisioning handler for ${task.resource_kind}`);
    return handler;
  }

  async function apply(task: TaskRow) {
    await database.db.transaction(async (tx) => {
      const handler = handlerOf(task);
      const action = task.action as TaskAction;
      if (handler.ready && !(await handler.ready(tx, task.resource_id, action))) {
        await retryShortly(tx, task);
        return;
      }
      await handler.apply(tx, driver, task.resource_id, action);
      await deleteTask(tx, task.id);
    });
  }

  /** The task waits for others, or for the runtime to finish what it started: tried again soon, not failed. */
  async function retryShortly(db: Db, task: TaskRow) {
    await retryTaskLater(db, task.id, WAIT_SECONDS);
  }

  async function fail(task: TaskRow, error: unknown) {
    log.error({ err: error, task }, 'provisioning task failed');
    if (task.attempts < MAX_ATTEMPTS) {
      const backoff = 2 ** task.attempts;
      await backOffTask(database.db, task.id, backoff);
      return;
    }
    await database.db.transaction(async (tx) => {
      await handlerOf(task).fail(tx, task.resource_id);
      await deleteTask(tx, task.id);
    });
  }

  /** Applies every task that is due; returns how many it handled. */
  async function runDue(): Promise<number> {
    const tasks = await claim();
    for (const task of tasks) {
      try {
        await apply(task);
      } catch (error) {
        if (error instanceof ChangeInProgress) await retryShortly(database.db, task);
        else await fail(task, error);
      }
    }
    return tasks.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runDue()
        .then(() => driver.reconcile(database.db))
        .catch((error: unknown) => log.error({ err: error }, 'provisioner loop failed'))
        .then(() => schedule(deps.pollMs ?? 250));
    }, delay);
  }

  return {
    /** The runtime changes are applied to (job runs are started on it directly). */
    driver,
    register(kind: string, handler: ResourceHandler) {
      handlers.set(kind, handler);
    },
    /** Records a change for the runtime, in the caller's transaction. */
    async enqueue(tx: Db, task: Task) {
      const delay = driver.settleDelayMs(task.kind, task.action);
      await insertTask(tx, { kind: task.kind, id: task.id, action: task.action, delaySeconds: delay / 1000 });
    },
    runDue,
    /** One pass of the runtime's own work (rollouts, scaling); the loop runs it after the due tasks. */
    reconcileRuntime: () => driver.reconcile(database.db),
    start() {
      stopped = false;
      driver.start?.().catch((error: unknown) => log.error({ err: error }, 'runtime watch failed to start'));
      schedule(0);
    },
    /** Stops polling and waits for the task in hand, so shutdown never leaves a half-applied change. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await driver.stop?.();
    },
  };
}

export type Provisioner = ReturnType<typeof createProvisioner>;
