import type { Db } from '../../db/client.ts';
import { badInput, forbidden, notFound } from '../../errors.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import { onFreeStart } from '../accounts/authorize.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { queuedChanges } from '../audit/queued-change.ts';
import { namespaceForChange } from '../namespaces/service.ts';

// The steps a container's and a container job's create, modify and delete share, around what differs
// between them (their specs, rows and children).

/** What admit needs of a workload's store. */
interface AdmittingStore {
  findByName(customerId: number, namespace: string, name: string): Promise<unknown>;
  countInNamespace(namespaceId: number): Promise<number>;
}

/** What insert needs of a workload's store. */
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
     * The namespace a new workload goes into, once its name is free there and the free start (one of each
     * kind per namespace without a subscription) allows another. The caller holds the customer's lock.
     */
    async admit(
      tx: Db,
      store: AdmittingStore,
      account: AccountWithCustomer,
      namespaceName: string,
      name: string,
    ) {
      const namespace = await namespaceForChange(tx, account.customerId, namespaceName);
      if (await store.findByName(account.customerId, namespace.name, name)) {
        throw badInput('name', `A ${noun} named ${name} already exists in namespace ${namespace.name}`);
      }
      if (onFreeStart(account) && (await store.countInNamespace(namespace.id)) > 0) {
        throw forbidden(`Without a subscription a namespace can hold one ${noun}; subscribe to add more`);
      }
      return namespace;
    },

    /** Saves a new workload (creating until the runtime has it running), then records and queues it. */
    async insert<Values, Row extends { id: number; namespaceId: number; state: string }>(
      tx: Db,
      account: AccountWithCustomer,
      change: {
        store: InsertingStore<Values, Row>;
        namespace: { id: number };
        name: string;
        values: Values;
        after: (state: string) => Audited | null;
      },
    ) {
      const row = await change.store.insert({
        ...change.values,
        namespaceId: change.namespace.id,
        name: change.name,
        state: 'creating',
      });
      await record(tx, account, 'create', row, null, change.after(row.state));
      return row;
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
