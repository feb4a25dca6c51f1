import type { Database, Db } from '../../db/client.ts';
import { badInput, conflict, notFound } from '../../errors.ts';
import type { ContainerJobCreateInput, ContainerJobModifyInput } from '../../generated/resolvers-types.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { namespaceForChange } from '../namespaces/service.ts';
import { createNamespaceStore } from '../namespaces/store.ts';
import { lockedForChange, workloadDeletion } from '../workloads/changes.ts';
import {
  auditedVariables,
  registryIdFor,
  resolveMounts,
  storedVariables,
  storedWorkload,
  type WorkloadCollaborators,
} from '../workloads/children.ts';
import { applyWorkloadPatch, emptyWorkload } from '../workloads/patch.ts';
import { workloadWrites } from '../workloads/writes.ts';
import { validateWorkload } from '../workloads/rules.ts';
import type { WorkloadSpec } from '../workloads/spec.ts';
import { createRequestLoaders } from './loaders.ts';
import { namespacedRef } from '../namespaces/runtime-state.ts';
import { describeContainerSize } from '../pricing/resources.ts';
import { createRunStarter, updateRun } from './runs.ts';
import { nextRunAfter, validateSchedule } from './schedule.ts';
import {
  createContainerJobStore,
  findRunByName,
  type ContainerJobRow,
  type ContainerJobStore,
} from './store.ts';

/** The whole desired state of a container job. */
export interface ContainerJobSpec extends WorkloadSpec {
  schedule: string;
  enabled: boolean;
  timeoutSeconds: number | null;
  retries: number;
}

/** A run may take at most a day; a failed one is tried again at most five times. */
const MAX_TIMEOUT_SECONDS = 86_400;
const MAX_RETRIES = 5;

type JobName = { name: string; namespace: string };

/** What the audit log records of a job: secret values never, only that they are set. */
function audited(spec: ContainerJobSpec, state: string) {
  return {
    name: spec.name,
    image: spec.image,
    registry: spec.registry,
    resources: describeContainerSize(spec.resources),
    entrypoint: spec.entrypoint,
    command: spec.command,
    schedule: spec.schedule,
    enabled: spec.enabled,
    timeoutSeconds: spec.timeoutSeconds,
    retries: spec.retries,
    environmentVariables: auditedVariables(spec.environmentVariables),
    mounts: spec.mounts.map((mount) => mount.path),
    state,
  };
}

function validateJob(spec: ContainerJobSpec) {
  validateWorkload(spec, 'Container job');
  validateSchedule(spec.schedule);
  const { timeoutSeconds, retries } = spec;
  if (timeoutSeconds !== null && (timeoutSeconds < 1 || timeoutSeconds > MAX_TIMEOUT_SECONDS)) {
    throw badInput(
      'timeoutSeconds',
      `timeoutSeconds must be 1 to ${MAX_TIMEOUT_SECONDS} (a day), or null for no limit`,
    );
  }
  if (retries < 0 || retries > MAX_RETRIES) {
    throw badInput('retries', `retries must be 0 to ${MAX_RETRIES}`);
  }
}

/** The plan the scheduler follows: the next scheduled time, none while disabled. */
const nextRunAt = (spec: ContainerJobSpec) => (spec.enabled ? nextRunAfter(spec.schedule, new Date()) : null);

export function createContainerJobService(deps: {
  database: Database;
  provisioner: Provisioner;
  secretBox: SecretBox;
  collaborators: WorkloadCollaborators;
}) {
  const { database, provisioner, secretBox, collaborators } = deps;
  const startRun = createRunStarter({ driver: provisioner.driver, secretBox });
  const store = createContainerJobStore(database.db);
  const writes = workloadWrites({
    provisioner,
    collaborators,
    noun: 'container job',
    modelName: 'ContainerJob',
    taskKind: 'containerJob',
  });

  async function specOf(
    tx: Db,
    txStore: ContainerJobStore,
    row: ContainerJobRow,
    namespace: string,
  ): Promise<ContainerJobSpec> {
    return {
      ...(await storedWorkload(tx, txStore, row, namespace)),
      schedule: row.schedule,
      enabled: row.enabled,
      timeoutSeconds: row.timeoutSeconds,
      retries: row.retries,
    };
  }

  const rowValues = (spec: ContainerJobSpec, registryId: number | null) => ({
    image: spec.image,
    registryId,
    resources: spec.resources,
    entrypoint: spec.entrypoint,
    command: spec.command,
    schedule: spec.schedule,
    enabled: spec.enabled,
    timeoutSeconds: spec.timeoutSeconds,
    retries: spec.retries,
    nextRunAt: nextRunAt(spec),
  });

  async function writeChildren(
    tx: Db,
    account: AccountWithCustomer,
    namespace: Awaited<ReturnType<typeof namespaceForChange>>,
    jobId: number,
    spec: ContainerJobSpec,
  ) {
    const txStore = createContainerJobStore(tx);
    const mounts = await resolveMounts(tx, collaborators, namespace, account, spec.mounts);
    await txStore.replaceVariables(jobId, storedVariables(spec.environmentVariables, secretBox));
    await txStore.replaceMounts(jobId, mounts);
  }

  /** Marks the job deleting (no more runs) and hands it to the provisioner, in the change's transaction. */
  async function startDelete(tx: Db, account: AccountWithCustomer, input: JobName) {
    const txStore = createContainerJobStore(tx);
    const row = await lockedForChange(txStore, 'Container job', account.customerId, input);
    const before = await specOf(tx, txStore, row, input.namespace);
    await txStore.update(row.id, { state: 'deleting', locked: true, nextRunAt: null });
    await writes.record(tx, account, 'delete', row, audited(before, row.state), null);
  }

  return {
    /** Per-request loaders: lists load their children in one statement per kind. */
    loaders: () => createRequestLoaders(store),

    async find(account: AccountWithCustomer, where: JobName) {
      const row = await store.findByName(account.customerId, where.namespace, where.name);
      if (!row) throw notFound(`Container job ${where.name} in namespace ${where.namespace}`);
      return row;
    },

    async create(account: AccountWithCustomer, input: ContainerJobCreateInput) {
      const { name, namespace: namespaceName, schedule, enabled, timeoutSeconds, retries, ...patch } = input;
      const empty: ContainerJobSpec = {
        ...emptyWorkload(name.trim(), namespaceName, input.resources),
        schedule: schedule.trim(),
        enabled: enabled ?? true,
        timeoutSeconds: timeoutSeconds ?? null,
        retries: retries ?? 0,
      };
      const spec = applyWorkloadPatch(empty, patch);
      validateJob(spec);

      return database.db.transaction(async (tx) => {
        const txStore = createContainerJobStore(tx);
        await createNamespaceStore(tx).lockCustomer(account.customerId);
        const { namespace, row } = await writes.create(tx, account, {
          store: txStore,
          namespace: namespaceName,
          spec,
          values: (registryId) => rowValues(spec, registryId),
          after: (state) => audited(spec, state),
        });
        await writeChildren(tx, account, namespace, row.id, spec);
        return row;
      });
    },

    async modify(account: AccountWithCustomer, input: ContainerJobModifyInput) {
      const {
        name: _name,
        namespace: namespaceName,
        schedule,
        enabled,
        timeoutSeconds,
        retries,
        ...patch
      } = input;
      return database.db.transaction(async (tx) => {
        const txStore = createContainerJobStore(tx);
        const row = await lockedForChange(txStore, 'Container job', account.customerId, input);
        const namespace = await namespaceForChange(tx, account.customerId, namespaceName);
        const before = await specOf(tx, txStore, row, namespace.name);
        const after = applyWorkloadPatch(before, patch);
        if (schedule != null) after.schedule = schedule.trim();
        if (enabled != null) after.enabled = enabled;
        // Left out keeps the limit; null removes it.
        if (timeoutSeconds !== undefined) after.timeoutSeconds = timeoutSeconds;
        if (retries != null) after.retries = retries;
        validateJob(after);
        const registryId = await registryIdFor(tx, collaborators, namespace.id, after.registry, {
          name: before.registry,
          id: row.registryId,
        });
        await writeChildren(tx, account, namespace, row.id, after);
        const replanned = after.schedule !== before.schedule || after.enabled !== before.enabled;
        return writes.update(tx, account, {
          store: txStore,
          row,
          values: {
            ...rowValues(after, registryId),
            // Planned again only when the schedule or enabled changes: a run whose time has come but that the
            // scheduler has not started yet (it polls every second) still starts after any other change.
            nextRunAt: replanned ? nextRunAt(after) : row.nextRunAt,
          },
          before: audited(before, row.state),
          after: (state) => audited(after, state),
        });
      });
    },

    ...workloadDeletion({
      database,
      kind: 'Container job',
      listByNamespaces: (tx, ids) => createContainerJobStore(tx).listByNamespaces(ids),
      startDelete,
    }),

    /** Starts a run now, enabled or not (the schedule is untouched). */
    async run(account: AccountWithCustomer, input: JobName) {
      return database.db.transaction(async (tx) => {
        const row = await lockedForChange(
          createContainerJobStore(tx),
          'Container job',
          account.customerId,
          input,
        );
        const run = await startRun(tx, row, { kind: 'manual' });
        if (!run) throw conflict(`A run of ${row.name} was started at the same moment; try again`);
        return run;
      });
    },

    /**
     * Stops a pending or running run: the runtime kills its command and the run ends failed, saying who
     * stopped it. The job itself may be in the middle of a change meanwhile.
     */
    async stopRun(account: AccountWithCustomer, input: JobName, runName: string) {
      return database.db.transaction(async (tx) => {
        const txStore = createContainerJobStore(tx);
        const job = await txStore.findByName(account.customerId, input.namespace, input.name);
        if (!job) throw notFound(`Container job ${input.name} in namespace ${input.namespace}`);
        // The runtime's reports of the job's runs take the same lock: the run cannot end meanwhile.
        await txStore.lock(job.id);
        const run = await findRunByName(tx, job.id, runName);
        if (!run) throw notFound(`Run ${runName} of container job ${job.name}`);
        if (run.status === 'succeeded' || run.status === 'failed') {
          throw badInput('run', `Run ${runName} has already ended: it ${run.status}`);
        }
        await provisioner.driver.stopJobRun(tx, await namespacedRef(tx, job), run);
        await updateRun(tx, run.id, {
          status: 'failed',
          endTime: new Date(),
          message: `Stopped by ${account.email}`,
        });
        const stopped = await findRunByName(tx, job.id, runName);
        if (!stopped) throw notFound(`Run ${runName} of container job ${job.name}`);
        return stopped;
      });
    },
  };
}

export type ContainerJobService = ReturnType<typeof createContainerJobService>;
