import type { Database, Db } from '../../db/client.ts';
import { containedKind } from '../namespaces/contained.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, busy, notFound } from '../../errors.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { queuedChanges } from '../audit/queued-change.ts';
import { batchLoader, groupBy } from '../../batching.ts';
import { namespaceForChange, type NamespaceService } from '../namespaces/service.ts';
import { nameProblem } from '../namespaces/rules.ts';
import type { NamespaceRow } from '../namespaces/store.ts';
import { MAX_VOLUME_GB, sizeProblem } from './rules.ts';
import { createVolumeStore, type VolumeRow } from './store.ts';

/** What the audit log records of a volume. */
const audited = (row: VolumeRow | null) => row && { name: row.name, size: `${row.sizeGb} GB` };

/** Records a change of a volume in the audit log and queues it, in the change's transaction. */
const recordQueued = (
  provisioner: Provisioner,
  tx: Db,
  account: AccountWithCustomer,
  action: 'create' | 'update' | 'delete',
  row: VolumeRow,
  before: VolumeRow | null,
  after: VolumeRow | null,
) =>
  queuedChanges(provisioner, { modelName: 'Volume', taskKind: 'volume' })(
    tx,
    account,
    action,
    row,
    audited(before),
    audited(after),
  );

/** Inserts a volume with its audit entry and provisioning task (tx already holds the namespace). */
async function insertVolume(
  tx: Db,
  provisioner: Provisioner,
  account: AccountWithCustomer,
  namespace: NamespaceRow,
  values: { name: string; sizeGb: number },
) {
  const row = await createVolumeStore(tx).insert({ namespaceId: namespace.id, ...values });
  await recordQueued(provisioner, tx, account, 'create', row, null, row);
  return row;
}

/** Grows a volume with its audit entry and provisioning task; the caller checked that it may. */
async function growVolume(
  tx: Db,
  provisioner: Provisioner,
  account: AccountWithCustomer,
  row: VolumeRow,
  sizeGb: number,
) {
  const updated = await createVolumeStore(tx).update(row.id, { sizeGb, state: 'updating', locked: true });
  if (!updated) throw new Error(`volume ${row.id} vanished while locked`);
  await recordQueued(provisioner, tx, account, 'update', row, row, updated);
  return updated;
}

export interface MountVolumeInput {
  name: string;
  size?: number | null;
  autoCreate: boolean;
  increase: boolean;
}

/**
 * The volume a container or job mounts, for the containers module (in its transaction, which holds the
 * namespace): the existing one of that name, created when missing and autoCreate, grown when increase
 * asks for more. A missing one without autoCreate is NOT_FOUND; every other refusal is BAD_USER_INPUT
 * naming the mount's volume.
 */
export function createMountVolumeResolver(provisioner: Provisioner) {
  return async function resolveMountVolume(
    tx: Db,
    namespace: NamespaceRow,
    input: MountVolumeInput,
    account: AccountWithCustomer,
  ): Promise<VolumeRow> {
    const field = 'mounts.volume';
    const store = createVolumeStore(tx);
    const existing = await store.findByNameForUpdate(namespace.id, input.name);
    const size = input.size ?? null;
    if (size !== null) {
      const problem = sizeProblem(size);
      if (problem) throw badInput(`${field}.size`, `Volume ${input.name} of the mount: ${problem}`);
    }
    if (!existing) {
      if (!input.autoCreate) {
        throw notFound(`Volume ${input.name} in namespace ${namespace.name}`);
      }
      const problem = nameProblem(input.name);
      if (problem) throw badInput(`${field}.name`, `Volume of the mount: ${problem}`);
      if (size === null) {
        throw badInput(
          `${field}.size`,
          `Volume ${input.name} of the mount does not exist yet: give its size in GB to create it`,
        );
      }
      return insertVolume(tx, provisioner, account, namespace, { name: input.name, sizeGb: size });
    }
    if (existing.state === 'deleting') {
      throw badInput(field, `volume ${input.name} is being deleted from namespace ${namespace.name}`);
    }
    if (!input.increase || size === null || size === existing.sizeGb) return existing;
    if (size < existing.sizeGb) {
      throw badInput(
        `${field}.size`,
        `Volume ${input.name} of the mount is ${existing.sizeGb} GB; volumes only grow, so size must be at least that`,
      );
    }
    if (existing.locked) throw busy('Volume', existing);
    return growVolume(tx, provisioner, account, existing, size);
  };
}

export function createVolumeService(deps: {
  database: Database;
  provisioner: Provisioner;
  namespaces: NamespaceService;
}) {
  const { database, provisioner, namespaces } = deps;
  const store = createVolumeStore(database.db);

  function checkedSize(size: number) {
    const problem = sizeProblem(size);
    if (problem) throw badInput('size', `Volume ${problem}`);
    return size;
  }

  /** The customer's volume by namespace and name, row locked for the change (in tx). */
  async function lockedVolume(
    tx: Db,
    account: AccountWithCustomer,
    input: { name: string; namespace: string },
  ) {
    const namespace = await namespaceForChange(tx, account.customerId, input.namespace);
    const row = await createVolumeStore(tx).findByNameForUpdate(namespace.id, input.name);
    if (!row) throw notFound(`Volume ${input.name}`);
    if (row.locked) throw busy('Volume', row);
    return row;
  }

  /** Marks the volume deleting and hands it to the provisioner, in the change's transaction. */
  async function startDelete(tx: Db, account: AccountWithCustomer, row: VolumeRow) {
    await createVolumeStore(tx).update(row.id, { state: 'deleting', locked: true });
    await recordQueued(provisioner, tx, account, 'delete', row, row, null);
  }

  return {
    async find(account: AccountWithCustomer, id: string) {
      const key = rowId(id);
      const row = key === undefined ? undefined : await store.findById(account.customerId, key);
      if (!row) throw notFound(`Volume ${id}`);
      return row;
    },

    async list(account: AccountWithCustomer, namespaceId: number) {
      const namespace = await namespaces.find(account, { id: String(namespaceId) });
      return store.listByNamespaces([namespace.id]);
    },

    /** Volumes of namespaces the caller has already found (Namespace.volumes), batched for one request. */
    namespaceVolumesLoader: () =>
      batchLoader(
        async (ids: number[]) => groupBy(await store.listByNamespaces(ids), (row) => row.namespaceId),
        [],
      ),

    async create(account: AccountWithCustomer, input: { name: string; namespace: string; size: number }) {
      const name = input.name.trim();
      const problem = nameProblem(name);
      if (problem) throw badInput('name', `Volume ${problem}`);
      const sizeGb = checkedSize(input.size);
      return database.db.transaction(async (tx) => {
        const namespace = await namespaceForChange(tx, account.customerId, input.namespace);
        if (await createVolumeStore(tx).findByName(namespace.id, name)) {
          throw badInput('name', `A volume named ${name} already exists in namespace ${namespace.name}`);
        }
        return insertVolume(tx, provisioner, account, namespace, { name, sizeGb });
      });
    },

    async increase(account: AccountWithCustomer, input: { name: string; namespace: string; size: number }) {
      const sizeGb = checkedSize(input.size);
      return database.db.transaction(async (tx) => {
        const row = await lockedVolume(tx, account, input);
        if (sizeGb <= row.sizeGb) {
          throw badInput(
            'size',
            `Volume size must be larger than the current ${row.sizeGb} GB (at most ${MAX_VOLUME_GB}); volumes only grow`,
          );
        }
        return growVolume(tx, provisioner, account, row, sizeGb);
      });
    },

    async delete(account: AccountWithCustomer, input: { name: string; namespace: string }) {
      return database.db.transaction(async (tx) => {
        const row = await lockedVolume(tx, account, input);
        const txStore = createVolumeStore(tx);
        const users = await txStore.usedBy(row.id);
        if (users.length > 0) {
          throw badInput('name', `volume ${row.name} is used by ${users.join(', ')}; unmount it first`);
        }
        await startDelete(tx, account, row);
        return true;
      });
    },

    /** Starts deleting the volumes of a namespace being emptied; each waits for the workloads mounting it. */
    contained: containedKind({
      kind: 'Volume',
      rowsIn: (tx, id) => createVolumeStore(tx).listByNamespaces([id]),
      startDelete: (tx, account, row) => startDelete(tx, account, row),
    }),

    /** Containers mounting a volume, batched: one statement for all volumes asked for together. */
    containersLoader: () => batchLoader((ids: number[]) => store.containersOf(ids), []),

    resolveMountVolume: createMountVolumeResolver(provisioner),
  };
}

export type VolumeService = ReturnType<typeof createVolumeService>;
