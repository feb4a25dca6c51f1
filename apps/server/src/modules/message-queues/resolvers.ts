import { requiredInput } from '../../errors.ts';
import type { Resolvers, Status } from '../../generated/resolvers-types.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { namespaceOf } from '../namespaces/loaders.ts';
import { MESSAGE_QUEUE_PLANS } from '../pricing/message-queue-plans.ts';
import { eurPrice } from '../pricing/price.ts';
import { cpuIn, gbIn } from '../units.ts';
import { findPlan, findVersion } from './rules.ts';
import { managementUrl, placementOf, queueDsn, type QueueUserView } from './users.ts';
import { BROKER_VERSIONS } from './versions.ts';

/** The ingress's provisioning status (API.md `Status`) of a queue in this state. */
const INGRESS_STATUS: Record<string, Status> = {
  creating: 'CREATING',
  running: 'CREATED',
  updating: 'UPDATING',
  stopping: 'UPDATING',
  starting: 'UPDATING',
  stopped: 'ON_HOLD',
  deleting: 'DELETING',
  failed: 'FAILED',
};

/** The queue's users as the API shows them (without passwords), batched across the queues of a list. */
async function userViews(
  queue: QueueUserView['queue'],
  { loaders }: GraphQLContext,
): Promise<QueueUserView[]> {
  return (await loaders.usersOfQueue(queue.id)).map((user) => ({ queue, user, password: null }));
}

export const messageQueueResolvers: Resolvers = {
  Query: {
    messageQueuePlans: () => [...MESSAGE_QUEUE_PLANS],
    messageQueueVersions: () => [...BROKER_VERSIONS],
    messageQueues: (_parent, _args, { account, services }) => services.messageQueues.list(account),
    messageQueue: (_parent, { messageQueue }, { account, services }) =>
      services.messageQueues.find(account, messageQueue),
    messageQueueUserCredentials: (_parent, { messageQueue, username }, { account, services }) =>
      services.messageQueues.credentials(account, messageQueue, username),
  },
  Mutation: {
    messageQueueCreate: (_parent, { messageQueue }, { account, services }) =>
      services.messageQueues.create(account, requiredInput('messageQueue', messageQueue)),
    messageQueueModify: (_parent, { messageQueue }, { account, services }) =>
      services.messageQueues.modify(account, requiredInput('messageQueue', messageQueue)),
    messageQueueDelete: (_parent, { messageQueue }, { account, services }) =>
      services.messageQueues.delete(account, messageQueue),
    messageQueueUserModify: (_parent, { userInput }, { account, services }) =>
      services.messageQueues.modifyUser(account, requiredInput('userInput', userInput)),
  },
  Namespace: {
    messageQueues: (namespace, _args, context) => context.loaders.queuesOfNamespace(namespace.id),
  },
  MessageQueue: {
    id: (row) => String(row.id),
    namespace: (row, _args, context) => namespaceOf(context, row.namespaceId),
    adminUser: async (row, _args, context) =>
      (await userViews(row, context)).find((view) => view.user.role === 'admin') ?? null,
    plan: (row) => {
      const plan = findPlan(row.planId);
      if (!plan) throw new Error(`message queue ${row.id} has an unknown plan ${row.planId}`);
      return plan;
    },
    spec: (row) => ({
      type: 'rabbitmq',
      version: row.version,
      patchLevelVersion: findVersion('rabbitmq', row.version)?.patchLevelVersion ?? row.version,
    }),
    ingress: (row) => ({
      id: String(row.id),
      domainName: row.hostname,
      tlsEnabled: row.tls,
      allowList: row.allowList,
      status: INGRESS_STATUS[row.state] ?? 'UNPROVISIONED',
    }),
    managementUrl: (row) => managementUrl(placementOf(row)),
    unpaidStopAt: (row, _args, { services }) => services.messageQueues.stopsAt(row),
  },
  MessageQueueUser: {
    name: (view) => view.user.name,
    role: (view) => view.user.role,
    status: (view) => view.user.status,
    password: (view) => view.password ?? '',
    dsn: (view) => queueDsn(placementOf(view.queue), view.user.name, view.password),
  },
  MessageQueuePlan: {
    cpu: (plan, { unit }) => cpuIn(plan.millicores, unit ?? 'CPU'),
    memory: (plan, { unit }) => gbIn(plan.memoryGb, unit ?? 'GB'),
    storage: (plan, { unit }) => gbIn(plan.storageGb, unit ?? 'GB'),
    price: (plan) => eurPrice(plan.monthlyPriceCents),
  },
};
