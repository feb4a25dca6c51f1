import type { Database, Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, notFound } from '../../errors.ts';
import type { ContainerCreateInput, ContainerModifyInput } from '../../generated/resolvers-types.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import type { ExternalConnections } from '../external-connections/service.ts';
import { namespaceForChange } from '../namespaces/service.ts';
import { nameProblem } from '../namespaces/rules.ts';
import { createNamespaceStore, type NamespaceRow } from '../namespaces/store.ts';
import { DEFAULT_CONTAINER_SIZE, describeContainerSize } from '../pricing/resources.ts';
import { createVolumeStore } from '../volumes/store.ts';
import { lockedForChange, workloadDeletion } from '../workloads/changes.ts';
import {
  auditedVariables,
  registryIdFor,
  resolveMounts,
  storedVariables,
  storedWorkload,
  type WorkloadCollaborators,
} from '../workloads/children.ts';
import { emptyWorkload } from '../workloads/patch.ts';
import { workloadWrites } from '../workloads/writes.ts';
import { defaultDomain, newAddressSuffix, withAddresses } from './addresses.ts';
import { createRequestLoaders } from './loaders.ts';
import { applyContainerPatch, type ContainerPatch } from './patch.ts';
import type { ContainerSpec, IngressSpec } from './spec.ts';
import { currentRevision, findRevision, recordRevision, type RevisionReason } from './revisions/store.ts';
import { createContainerStore, type ContainerRow, type ContainerStore } from './store.ts';
import { validateContainer } from './validation.ts';

/** A web address as the audit log says it: `https://shop.example.com → 8080, only from 10.0.0.0/8`. */
const ingressText = ({ enableTLS, domainName, port, allowlist }: IngressSpec) =>
  `${enableTLS ? 'https' : 'http'}://${domainName ?? 'the default address'} → ${port}` +
  (allowlist.length ? `, only from ${allowlist.join(', ')}` : '');

/** What the audit log records of a container: secret values never, only that they are set. */
function audited(spec: ContainerSpec | null, state: string | null) {
  if (!spec) return null;
  return {
    name: spec.name,
    image: spec.image,
    registry: spec.registry,
    resources: describeContainerSize(spec.resources),
    entrypoint: spec.entrypoint,
    command: spec.command,
    ports: spec.ports.join(', '),
    environmentVariables: auditedVariables(spec.environmentVariables),
    ingresses: spec.ingresses.map(ingressText).join('; '),
    mounts: spec.mounts.map((mount) => mount.path),
    healthCheck: spec.healthCheck,
    scaling: spec.scaling,
    state,
  };
}

const emptySpec = (name: string, namespace: string): ContainerSpec => ({
  ...emptyWorkload(name, namespace, DEFAULT_CONTAINER_SIZE),
  type: 'DEFAULT',
  ports: [],
  ingresses: [],
  healthCheck: null,
  scaling: { replicas: 1 },
});

export function createContainerService(deps: {
  database: Database;
  provisioner: Provisioner;
  secretBox: SecretBox;
  appsDomain: string;
  collaborators: WorkloadCollaborators;
  externalConnections: ExternalConnections;
}) {
  const { database, provisioner, secretBox, appsDomain, collaborators } = deps;
  const store = createContainerStore(database.db);
  const writes = workloadWrites({
    provisioner,
    collaborators,
    noun: 'container',
    modelName: 'Container',
    taskKind: 'container',
  });

  /** The stored container as a spec (variables keep their stored, possibly encrypted, values). */
  async function specOf(
    tx: Db,
    txStore: ContainerStore,
    row: ContainerRow,
    namespace: string,
  ): Promise<ContainerSpec> {
    const [workload, ingresses] = await Promise.all([
      storedWorkload(tx, txStore, row, namespace),
      txStore.ingressesOf([row.id]),
    ]);
    return {
      ...workload,
      type: row.type,
      ports: row.ports,
      ingresses: (ingresses.get(row.id) ?? []).map((ingress) => ({
        domainName: ingress.domainName,
        port: ingress.port,
        enableTLS: ingress.enableTls,
        allowlist: ingress.allowlist,
      })),
      healthCheck: row.healthCheck,
      scaling: row.scaling,
    };
  }

  /** Checks against other records, then writes the spec's children; runs in the caller's transaction. */
  async function writeChildren(
    tx: Db,
    account: AccountWithCustomer,
    namespace: NamespaceRow,
    containerId: number,
    spec: ContainerSpec,
  ) {
    const txStore = createContainerStore(tx);
    const domainNames = spec.ingresses.map((ingress) => ingress.domainName ?? '');
    // Two customers asking for the same name at the same moment take turns: the second sees it taken.
    await txStore.lockDomainNames(domainNames);
    const taken = await txStore.domainsInUse(domainNames, containerId);
    // Whose it is stays unsaid: the name may belong to another customer.
    if (taken.length > 0) throw badInput('ingresses', `ingresses: domain name ${taken[0]} is already in use`);
    const mounts = await resolveMounts(tx, collaborators, namespace, account, spec.mounts);
    await txStore.replaceVariables(containerId, storedVariables(spec.environmentVariables, secretBox));
    await txStore.replaceIngresses(
      containerId,
      spec.ingresses.map((ingress) => ({
        domainName: ingress.domainName ?? '',
        port: ingress.port,
        enableTls: ingress.enableTLS,
        allowlist: ingress.allowlist,
      })),
    );
    await txStore.replaceMounts(containerId, mounts);
  }

  const rowValues = (spec: ContainerSpec, registryId: number | null) => ({
    type: spec.type,
    image: spec.image,
    registryId,
    resources: spec.resources,
    entrypoint: spec.entrypoint,
    command: spec.command,
    ports: spec.ports.map((port) => String(Number(port))),
    healthCheck: spec.healthCheck,
    scaling: spec.scaling,
  });

  /** The container as its external connection sees it: its ports, the first the default. */
  const connected = (row: ContainerRow, spec: ContainerSpec) => ({
    kind: 'container' as const,
    id: row.id,
    name: row.name,
    namespaceId: row.namespaceId,
    internalPorts: spec.ports.map(Number),
  });

  /** The customer's container locked for a change, with its namespace and its spec as stored. */
  async function lockedWithSpec(
    tx: Db,
    account: AccountWithCustomer,
    input: { namespace: string; name: string },
  ) {
    const txStore = createContainerStore(tx);
    const row = await lockedForChange(txStore, 'Container', account.customerId, input);
    const namespace = await namespaceForChange(tx, account.customerId, input.namespace);
    return { txStore, row, namespace, before: await specOf(tx, txStore, row, namespace.name) };
  }

  /**
   * Saves `after` over `before` and queues its deploy, recorded as the container's next revision (its spec
   * read back as stored: secret values encrypted, volumes by id). The external connection is changed as
   * asked, or else checked against the new ports.
   */
  async function deploy(
    tx: Db,
    account: AccountWithCustomer,
    change: {
      row: ContainerRow;
      namespace: NamespaceRow;
      before: ContainerSpec;
      after: ContainerSpec;
      externalConnection?: ContainerModifyInput['externalConnection'];
    },
    how: { reason: RevisionReason; rolledBackTo?: number },
  ) {
    const { row, namespace, before, after } = change;
    validateContainer(after);
    const registryId = await registryIdFor(tx, collaborators, namespace.id, after.registry, {
      name: before.registry,
      id: row.registryId,
    });
    await writeChildren(tx, account, namespace, row.id, after);
    const { externalConnections } = deps;
    if (change.externalConnection == null)
      await externalConnections.checkForwarded(tx, connected(row, after));
    else await externalConnections.change(tx, account, connected(row, after), change.externalConnection);
    const updated = await writes.update(tx, account, {
      store: createContainerStore(tx),
      row,
      values: rowValues(after, registryId),
      before: audited(before, row.state),
      after: (state) => audited(after, state),
    });
    await recordDeploy(tx, account, updated, namespace.name, how);
    return updated;
  }

  async function recordDeploy(
    tx: Db,
    account: AccountWithCustomer,
    row: ContainerRow,
    namespace: string,
    how: { reason: RevisionReason; rolledBackTo?: number },
  ) {
    const spec = await specOf(tx, createContainerStore(tx), row, namespace);
    await recordRevision(tx, row.id, spec, { ...how, accountId: account.id });
  }

  /** A rollback to a revision whose volume has since been deleted is refused, not mounted on nothing. */
  async function checkVolumesRemain(tx: Db, spec: ContainerSpec, number: number) {
    const ids = spec.mounts.flatMap((mount) => (mount.volumeId === undefined ? [] : [mount.volumeId]));
    const volumes = await createVolumeStore(tx).byIds(ids);
    const gone = spec.mounts.find((mount) => {
      if (mount.volumeId === undefined) return false;
      const volume = volumes.get(mount.volumeId);
      return !volume || volume.state === 'deleting';
    });
    if (gone) {
      throw badInput('revision', `Revision ${number} mounts a volume at ${gone.path} that no longer exists`);
    }
  }

  /** Marks the container deleting and hands it to the provisioner, in the change's transaction. */
  async function startDelete(
    tx: Db,
    account: AccountWithCustomer,
    input: { name: string; namespace: string },
  ) {
    const txStore = createContainerStore(tx);
    const row = await lockedForChange(txStore, 'Container', account.customerId, input);
    const before = await specOf(tx, txStore, row, input.namespace);
    await txStore.update(row.id, { state: 'deleting', locked: true });
    await deps.externalConnections.release(tx, account, connected(row, before));
    await writes.record(tx, account, 'delete', row, audited(before, row.state), null);
  }

  return {
    /** Per-request loaders: lists load their children in one statement per kind. */
    loaders: () => createRequestLoaders(database.db, store),

    async find(
      account: AccountWithCustomer,
      where: { id?: string | null; containerResourceInput?: { name: string; namespace: string } | null },
    ) {
      if (where.id != null) {
        const id = rowId(where.id);
        const row = id === undefined ? undefined : await store.findById(account.customerId, id);
        if (!row) throw notFound(`Container ${where.id}`);
        return row;
      }
      const input = where.containerResourceInput;
      if (input) {
        const row = await store.findByName(account.customerId, input.namespace, input.name);
        if (!row) throw notFound(`Container ${input.name} in namespace ${input.namespace}`);
        return row;
      }
      throw badInput('id', 'Give the container id or containerResourceInput');
    },

    /**
     * The default web address a container of this name gets in the namespace, named as create names it
     * (the customer's suffix is given now if it has none yet: it is the one its first container would get).
     */
    async defaultAddress(account: AccountWithCustomer, namespace: NamespaceRow, containerName: string) {
      if (namespace.customerId !== account.customerId) throw notFound(`Namespace ${namespace.name}`);
      const name = containerName.trim();
      const problem = nameProblem(name);
      if (problem) throw badInput('containerName', `Container ${problem}`);
      const suffix = await store.addressSuffix(account.customerId, newAddressSuffix);
      return defaultDomain(name, namespace.name, suffix, appsDomain);
    },

    async create(account: AccountWithCustomer, input: ContainerCreateInput) {
      const { name, namespace: namespaceName, type, ...patch } = input;
      const requested = {
        ...applyContainerPatch(emptySpec(name.trim(), namespaceName), patch),
        type: type ?? 'DEFAULT',
      };

      return database.db.transaction(async (tx) => {
        const txStore = createContainerStore(tx);
        await createNamespaceStore(tx).lockCustomer(account.customerId);
        const suffix = await txStore.addressSuffix(account.customerId, newAddressSuffix);
        const spec = withAddresses(requested, suffix, appsDomain);
        validateContainer(spec);
        const { namespace, row } = await writes.create(tx, account, {
          store: txStore,
          namespace: namespaceName,
          spec,
          values: (registryId) => rowValues(spec, registryId),
          after: (state) => audited(spec, state),
        });
        await writeChildren(tx, account, namespace, row.id, spec);
        await deps.externalConnections.change(tx, account, connected(row, spec), input.externalConnection);
        await recordDeploy(tx, account, row, namespace.name, { reason: 'CREATED' });
        return row;
      });
    },

    async modify(account: AccountWithCustomer, input: ContainerModifyInput) {
      const { name: _name, namespace: _namespace, externalConnection, ...patch } = input;
      return database.db.transaction(async (tx) => {
        const { txStore, row, namespace, before } = await lockedWithSpec(tx, account, input);
        const suffix = await txStore.addressSuffix(account.customerId, newAddressSuffix);
        const after = withAddresses(applyContainerPatch(before, patch as ContainerPatch), suffix, appsDomain);
        return deploy(
          tx,
          account,
          { row, namespace, before, after, externalConnection },
          { reason: 'CHANGED' },
        );
      });
    },

    /** Deploys revision `number`'s spec again as the next revision; its volumes must still be there. */
    async rollback(account: AccountWithCustomer, input: { namespace: string; name: string }, number: number) {
      return database.db.transaction(async (tx) => {
        const { row, namespace, before } = await lockedWithSpec(tx, account, input);
        const [revision, current] = await Promise.all([
          findRevision(tx, row.id, number),
          currentRevision(tx, row.id),
        ]);
        if (!revision) throw notFound(`Revision ${number} of container ${row.name}`);
        if (number === current) {
          throw badInput('revision', `Revision ${number} is the one deployed: redeploy it instead`);
        }
        await checkVolumesRemain(tx, revision.spec, number);
        const after = { ...revision.spec, name: row.name, namespace: namespace.name };
        return deploy(
          tx,
          account,
          { row, namespace, before, after },
          { reason: 'ROLLED_BACK', rolledBackTo: number },
        );
      });
    },

    /** Deploys the container again as it is, as the next revision. */
    async redeploy(account: AccountWithCustomer, input: { namespace: string; name: string }) {
      return database.db.transaction(async (tx) => {
        const { row, namespace, before } = await lockedWithSpec(tx, account, input);
        return deploy(tx, account, { row, namespace, before, after: before }, { reason: 'REDEPLOYED' });
      });
    },

    /** New replicas for the old, one by one, of the same revision (the runtime rolls them as a deploy). */
    async restart(account: AccountWithCustomer, input: { namespace: string; name: string }) {
      return database.db.transaction(async (tx) => {
        const txStore = createContainerStore(tx);
        const row = await lockedForChange(txStore, 'Container', account.customerId, input);
        const revision = await currentRevision(tx, row.id);
        return writes.update(tx, account, {
          store: txStore,
          row,
          values: {},
          before: { revision, restarted: false },
          after: () => ({ revision, restarted: true }),
        });
      });
    },

    ...workloadDeletion({
      database,
      kind: 'Container',
      listByNamespaces: (tx, ids) => createContainerStore(tx).listByNamespaces(ids),
      startDelete,
    }),
  };
}

export type ContainerService = ReturnType<typeof createContainerService>;
