import { randomBytes } from 'node:crypto';
import { batchLoader, groupBy } from '../../batching.ts';
import type { Database, Db } from '../../db/client.ts';
import { rowId } from '../../db/ids.ts';
import { badInput, busy, notFound, requiredInput } from '../../errors.ts';
import type {
  CloudDatabaseClusterUserModifyInput,
  MessageQueueCreateInput,
  MessageQueueModifyInput,
  MessageQueueResourceInput,
} from '../../generated/resolvers-types.ts';
import type { MessageQueueDriver } from '../../provisioning/message-queue-driver.ts';
import type { Provisioner } from '../../provisioning/provisioner.ts';
import type { SecretBox } from '../../secrets/crypto.ts';
import { authorizeReveal } from '../accounts/authorize.ts';
import type { AccountWithCustomer } from '../accounts/store.ts';
import { queuedChanges } from '../audit/queued-change.ts';
import { createAuditStore } from '../audit/store.ts';
import type { BillingNotices } from '../billing/notices.ts';
import { endPlanOfResource } from '../billing/service.ts';
import { passwordProblem } from '../database-clusters/rules.ts';
import { containedKind } from '../namespaces/contained.ts';
import { nameProblem } from '../namespaces/rules.ts';
import { namespaceForChange, type NamespaceService } from '../namespaces/service.ts';
import { createPlannedPayment } from '../planned-resources/payment.ts';
import { patchAllowList } from '../external-connections/allow-list.ts';
import type { ExternalConnections } from '../external-connections/service.ts';
import { MESSAGE_QUEUE_PLANS } from '../pricing/message-queue-plans.ts';
import { planName } from '../pricing/replicated-plans.ts';
import { ADMIN_USER, findPlan, findVersion, versionList } from './rules.ts';
import { createQueueStore, type QueueRow } from './store.ts';
import type { QueueUserView } from './users.ts';

/** A password generated for the admin user and for rotations: 24 characters of base64url. */
const generatePassword = () => randomBytes(18).toString('base64url');

/** What the audit log records of a queue: never a password, only that one was set. */
const audited = (queue: QueueRow | null, passwordOf?: string) =>
  queue && {
    name: queue.name,
    plan: planName(MESSAGE_QUEUE_PLANS, queue.planId),
    version: `rabbitmq ${queue.version}`,
    allowList: queue.allowList.join(', '),
    ...(passwordOf ? { [`password of ${passwordOf}`]: 'changed' } : {}),
  };

export function createMessageQueueService(deps: {
  database: Database;
  provisioner: Provisioner;
  secretBox: SecretBox;
  namespaces: NamespaceService;
  driver: MessageQueueDriver;
  externalConnections: ExternalConnections;
  unpaidGraceDays: number;
  /** Mails the owner when a queue becomes unpaid or is stopped for it. */
  notices: BillingNotices;
}) {
  const { database, provisioner, secretBox, namespaces, driver } = deps;
  const store = createQueueStore(database.db);
  const recordQueued = queuedChanges(provisioner, { modelName: 'MessageQueue', taskKind: 'messageQueue' });
  const payment = createPlannedPayment(
    {
      words: { short: 'queue', noun: 'message queue', kept: 'its users and messages' },
      eventKind: 'message-queue',
      taskKind: 'messageQueue',
      storeOf: createQueueStore,
      plan: (planId) => {
        const plan = findPlan(planId);
        return (
          plan && {
            ...plan,
            summary: `${plan.millicores / 1000} vCPU, ${plan.memoryGb} GB memory, ${plan.storageGb} GB storage, ${plan.replicas === 3 ? 'three replicas' : 'one replica'}`,
          }
        );
      },
    },
    { database, provisioner, graceDays: deps.unpaidGraceDays, notices: deps.notices },
  );

  /** The customer's queue by namespace and name; another customer's is not found, like a missing one. */
  async function find(account: AccountWithCustomer, input: MessageQueueResourceInput) {
    const namespace = await namespaces.find(account, { name: input.namespace });
    const row = await store.findByName(namespace.id, input.name);
    if (!row) throw notFound(`Message queue ${input.name}`);
    return row;
  }

  /** The queue, row locked for a change in tx; CONFLICT while the provisioner applies an earlier one. */
  async function lockedQueue(tx: Db, account: AccountWithCustomer, input: MessageQueueResourceInput) {
    const namespace = await namespaceForChange(tx, account.customerId, input.namespace);
    const row = await createQueueStore(tx).findByNameForUpdate(namespace.id, input.name);
    if (!row) throw notFound(`Message queue ${input.name}`);
    if (row.locked) throw busy('Message queue', row);
    return row;
  }

  async function userOf(db: Db, queue: QueueRow, name: string) {
    const user = (await createQueueStore(db).usersOf([queue.id]))
      .get(queue.id)
      ?.find((row) => row.name === name);
    if (!user) throw notFound(`User ${name} of message queue ${queue.name}`);
    return user;
  }

  /** The queue as its external connection sees it: AMQP is the port it forwards to. */
  const connectedQueue = (queue: QueueRow) => ({
    kind: 'message-queue' as const,
    id: queue.id,
    name: queue.name,
    namespaceId: queue.namespaceId,
    internalPorts: [queue.amqpPort],
  });

  async function startDelete(tx: Db, account: AccountWithCustomer, queue: QueueRow) {
    await createQueueStore(tx).update(queue.id, { state: 'deleting', locked: true });
    await deps.externalConnections.release(tx, account, connectedQueue(queue));
    await endPlanOfResource(tx, account.customerId, 'MESSAGE_QUEUE', {
      id: String(queue.id),
      name: queue.name,
    });
    await recordQueued(tx, account, 'delete', queue, audited(queue), null);
  }

  function checkedCreate(input: MessageQueueCreateInput) {
    const name = input.name.trim();
    const problem = nameProblem(name);
    if (problem) throw badInput('name', `Message queue ${problem}`);
    const plan = findPlan(input.plan);
    if (!plan) throw badInput('plan', `Unknown plan ${input.plan}; messageQueuePlans lists the plans`);
    const version = findVersion(input.spec.type, input.spec.version);
    if (!version) {
      throw badInput(
        'spec.version',
        `Unknown broker version ${input.spec.type} ${input.spec.version}; one of ${versionList()}`,
      );
    }
    return { name, plan, version, allowList: patchAllowList('allowList', [], input.allowList) };
  }

  return {
    stopsAt: payment.stopsAt,
    planPaid: payment.planPaid,
    planChanged: payment.planChanged,
    stopUnpaid: payment.stopUnpaid,
    list: (account: AccountWithCustomer) => store.listByCustomer(account.customerId),
    find,
    /** The customer's queue by id (a subscription's resource); another customer's is undefined. */
    async findById(customerId: number, id: string) {
      const key = rowId(id);
      return key === undefined ? undefined : store.findById(customerId, key);
    },

    /** Queues of namespaces the caller has already found (Namespace.messageQueues), batched. */
    namespaceQueuesLoader: () =>
      batchLoader(
        async (ids: number[]) => groupBy(await store.listByNamespaces(ids), (row) => row.namespaceId),
        [],
      ),
    usersLoader: () => batchLoader((ids: number[]) => store.usersOf(ids), []),

    async create(account: AccountWithCustomer, input: MessageQueueCreateInput) {
      const { name, plan, version, allowList } = checkedCreate(input);
      return database.db.transaction(async (tx) => {
        const namespace = await namespaceForChange(tx, account.customerId, input.namespace);
        const txStore = createQueueStore(tx);
        if (await txStore.findByName(namespace.id, name)) {
          throw badInput(
            'name',
            `A message queue named ${name} already exists in namespace ${namespace.name}`,
          );
        }
        const inserted = await txStore.insert({
          namespaceId: namespace.id,
          name,
          version: version.version,
          planId: plan.id,
          allowList,
        });
        const placement = driver.placement({ id: inserted.id, name, namespace: namespace.name });
        const row = await txStore.update(inserted.id, placement);
        await txStore.insertUser({
          queueId: row.id,
          name: ADMIN_USER,
          role: 'admin',
          passwordEncrypted: secretBox.encryptSecret(generatePassword()),
        });
        await recordQueued(tx, account, 'create', row, null, audited(row));
        await deps.externalConnections.change(tx, account, connectedQueue(row), input.externalConnection);
        return row;
      });
    },

    /** Changes the allowlist (a patch; left out, it stays) and the external connection. */
    async modify(account: AccountWithCustomer, input: MessageQueueModifyInput) {
      return database.db.transaction(async (tx) => {
        const queue = await lockedQueue(tx, account, input);
        const allowList = input.allowList
          ? patchAllowList('allowList', queue.allowList, input.allowList)
          : queue.allowList;
        const connected = await deps.externalConnections.change(
          tx,
          account,
          connectedQueue(queue),
          input.externalConnection,
        );
        if (!input.allowList && !connected) return queue;
        const updated = await createQueueStore(tx).update(queue.id, {
          allowList,
          state: 'updating',
          locked: true,
        });
        await recordQueued(tx, account, 'update', queue, audited(queue), audited(updated));
        return updated;
      });
    },

    async delete(account: AccountWithCustomer, input: MessageQueueResourceInput) {
      return database.db.transaction(async (tx) => {
        await startDelete(tx, account, await lockedQueue(tx, account, input));
        return true;
      });
    },

    /**
     * Sets a user's password, or a new generated one when none is given (a rotation). The public API passes
     * the cluster's input: `cluster` names the queue, and the user's permissions mean nothing here.
     */
    async modifyUser(
      account: AccountWithCustomer,
      input: CloudDatabaseClusterUserModifyInput,
    ): Promise<QueueUserView> {
      const cluster = requiredInput('userInput.cluster', input.cluster);
      const user = requiredInput('userInput.user', input.user);
      if (user.state === 'ABSENT') {
        throw badInput('user.state', `User ${user.name} is the queue's admin user: it cannot be deleted`);
      }
      const password = user.password ?? generatePassword();
      const problem = passwordProblem(password);
      if (problem) throw badInput('user.password', `User ${user.name}: ${problem}`);
      return database.db.transaction(async (tx) => {
        const queue = await lockedQueue(tx, account, cluster);
        const row = await userOf(tx, queue, user.name);
        const txStore = createQueueStore(tx);
        await txStore.updateUser(row.id, {
          passwordEncrypted: secretBox.encryptSecret(password),
          status: 'updating',
        });
        const updated = await txStore.update(queue.id, { state: 'updating', locked: true });
        await recordQueued(tx, account, 'update', queue, audited(queue), audited(updated, user.name));
        return { queue: updated, user: { ...row, status: 'updating' as const }, password: null };
      });
    },

    /** The user with its password: the only way a password comes back; every call is an audit entry. */
    async credentials(account: AccountWithCustomer, input: MessageQueueResourceInput, username: string) {
      authorizeReveal(account);
      const queue = await find(account, input);
      const user = await userOf(database.db, queue, username);
      await createAuditStore(database.db).insert({
        customerId: account.customerId,
        accountId: account.id,
        eventType: 'reveal',
        // On the queue, so that the reveal is among its events; the user is named in the tags.
        modelName: 'MessageQueue',
        modelId: queue.id,
        changeSet: [],
        tags: [`queue:${queue.name}`, `user:${username}`],
      });
      return {
        queue,
        user,
        password: secretBox.decryptSecret(user.passwordEncrypted),
      } satisfies QueueUserView;
    },

    contained: containedKind({
      kind: 'Message queue',
      rowsIn: (tx, id) => createQueueStore(tx).listByNamespaces([id]),
      startDelete: (tx, account, row) => startDelete(tx, account, row),
    }),
  };
}

export type MessageQueueService = ReturnType<typeof createMessageQueueService>;
