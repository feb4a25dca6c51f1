import type { Db } from '../../db/client.ts';
import { badInput, forbidden, notFound } from '../../errors.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import { onFreeStart } from '../accounts/authorize.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { queuedChanges } from '../audit/queued-change.ts';
import { namespaceForChange } from '../namespaces/service.ts';
import { registryIdFor, type WorkloadCollaborators } from './children.ts';

// The steps a container's and a container job's create, modify and delete share, around what differs
// between them (their specs, rows and children).

/** What create needs of a workload's store to admit a new one. */
interface AdmittingStore {
  findByName(customerId: number, namespace: string, name: string): Promise<unknown>;
  countInNamespace(namespaceId: number): Promise<number>;
}

/** What create needs of a workload's store to save a new one. */
interface InsertingStore<Values, Row> {
  insert(values: Values & { namespaceId: number; name: string; state: string }): Promise<Row>;
}

/** What update needs of a workload's store. */
interface UpdatingStore<Row> {
  update(id: number, values: Partial<Row>): Promise<Row | undefined>;
}

type Audited = Record<string, unknown>;

export function workloadWrites(deps: {
  provisioner: Provisioner;
  collaborators: WorkloadCollaborators;
  /** How messages name it: "container job". */
  noun: string;
  /** The audit log's model name and the provisioner's task kind. */
  modelName: string;
  taskKind: string;
}) {
  const { provisioner, noun, modelName, taskKind } = deps;

  const record = queuedChanges(provisioner, { modelName, taskKind });

  return {
    record,

    /**
     * A new workload, in the transaction of its create (which holds the customer's lock): its name free in
     * the namespace and the free start (one of each kind per namespace without a subscription) allowing
     * another, its registry found, saved creating (until the runtime has it running), recorded and queued.
     * The caller writes its children.
     */
    async create<Values, Row extends { id: number; namespaceId: number; state: string }>(
      tx: Db,
      account: AccountWithCustomer,
      input: {
        store: AdmittingStore & InsertingStore<Values, Row>;
        namespace: string;
        spec: { name: string; registry: string | null };
        values: (registryId: number | null) => Values;
        after: (state: string) => Audited | null;
      },
    ) {
      const { store, spec } = input;
      const namespace = await namespaceForChange(tx, account.customerId, input.namespace);
      if (await store.findByName(account.customerId, namespace.name, spec.name)) {
        throw badInput('name', `A ${noun} named ${spec.name} already exists in namespace ${namespace.name}`);
      }
      if (onFreeStart(account) && (await store.countInNamespace(namespace.id)) > 0) {
        throw forbidden(`Without a subscription a namespace can hold one ${noun}; subscribe to add more`);
      }
      const registryId = await registryIdFor(tx, deps.collaborators, namespace.id, spec.registry);
      const row = await store.insert({
        ...input.values(registryId),
        namespaceId: namespace.id,
        name: spec.name,
        state: 'creating',
      });
      await record(tx, account, 'create', row, null, input.after(row.state));
      return { namespace, row };
    },

    /**
     * Saves a changed workload (locked and updating until the runtime has applied it), then records and
     * queues the change. `after` is what the audit log shows of the new spec in a given state.
     */
    async update<
      Row extends { id: number; namespaceId: number; name: string; state: string; locked: boolean },
    >(
      tx: Db,
      account: AccountWithCustomer,
      change: {
        row: Row;
        store: UpdatingStore<NoInfer<Row>>;
        values: Partial<NoInfer<Row>>;
        before: Audited | null;
        after: (state: string) => Audited | null;
      },
    ) {
      const { store, row } = change;
      const updated = await store.update(row.id, {
        ...change.values,
        state: 'updating',
        locked: true,
      } as Partial<Row>);
      if (!updated) throw notFound(`${noun[0]?.toUpperCase()}${noun.slice(1)} ${row.name}`);
      await record(tx, account, 'update', row, change.before, change.after(updated.state));
      return updated;
    },
  };
}
