import { randomBytes } from 'node:crypto';
import { signUp } from '../support/browser.ts';
import { CREATE_JOB, DELETE_JOB, MODIFY_JOB, RUN_JOB } from '../support/container-jobs.ts';
import { CREATE_CONTAINER, DELETE_CONTAINER, MODIFY_CONTAINER } from '../support/containers.ts';
import { uniqueEmail } from '../support/customers.ts';
import type { TestDatabase } from '../support/database.ts';
import { passwordGrant, platformApi } from '../support/http.ts';
import { grantAsOperator } from '../support/process.ts';
import { CREATE_NAMESPACE, DELETE_NAMESPACE, NAMESPACES } from '../support/queries.ts';
import { CREATE_VOLUME, DELETE_VOLUME } from '../support/volumes.ts';
import {
  AUDIT_TAGS,
  CUSTOMER,
  INCREASE_VOLUME,
  JOB_RUNS_AND_EVENTS,
  NAMESPACE_CONTENTS,
  model,
  pick,
  type Customer,
} from './replicas-model.ts';
import type { Traffic } from './replicas-traffic.ts';

// What each customer of the two-server test (two-servers-one-database.test.ts) does through the balancer:
// signs up and in, then changes namespaces, containers, container jobs ("run now" included) and volumes, and
// reads what it has, as the portal polls it. Every change answered is noted as the customer knows it.

/** Limits that keep one customer's audit log (the API lists 1000 entries) and runs (100 kept) whole. */
const MAX_PER_KIND = 2;
const MAX_MANUAL_RUNS = 8;
const MAX_VOLUME_GB = 6;
export const AUDIT_ENTRIES_LISTED = 1000;

/** A customer signed up and in through the balancer at `url`, subscribed: it may have several namespaces. */
export async function signUpCustomer(
  traffic: Traffic,
  url: string,
  database: TestDatabase,
  index: number,
): Promise<Customer> {
  const email = uniqueEmail(`replica-${index}`);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  await signUp(url, { name: `Replica Customer ${index}`, email, password });
  await grantAsOperator(database, email);
  const tokens = await traffic.tokenRequest(index, () => passwordGrant(url, email, password));
  if (!tokens) throw new Error(`${email} could not sign in: ${JSON.stringify(traffic.failures)}`);
  const customer: Customer = {
    index,
    email,
    password,
    tokens,
    api: platformApi(url, async () => customer.tokens.access_token),
    customerId: '',
    namespaces: new Map(),
    audited: [],
    counter: 0,
  };
  const found = await traffic.query(customer, 'customer', () => customer.api.gql(CUSTOMER));
  if (!found?.customer) throw new Error(`${email} has no customer: ${JSON.stringify(traffic.failures)}`);
  customer.customerId = found.customer.id;
  // A namespace and a job kept through the whole load: the job's every minute is checked at the end.
  await createNamespace(traffic, customer, 'base', true);
  await createJob(traffic, customer, 'base', 'tick', true);
  return customer;
}

const nextName = (customer: Customer, prefix: string) => `${prefix}${++customer.counter}`;
const auditKey = (model: string, event: string, namespace: string, name: string) =>
  `${model} ${event} ${namespace}/${name}`;

async function createNamespace(traffic: Traffic, customer: Customer, name: string, permanent: boolean) {
  if (await traffic.mutate(customer, 'namespaceCreate', () => customer.api.gql(CREATE_NAMESPACE, { name }))) {
    customer.namespaces.set(name, model(permanent));
    customer.audited.push(auditKey('Namespace', 'create', name, name));
  }
}

async function createJob(
  traffic: Traffic,
  customer: Customer,
  namespace: string,
  name: string,
  permanent: boolean,
) {
  const command = ['true'];
  const sentAt = Date.now();
  const created = await traffic.mutate(customer, 'containerJobCreate', () =>
    customer.api.gql(CREATE_JOB, {
      input: {
        name,
        namespace,
        image: 'busybox',
        resources: 'CPU_250_RAM_500',
        schedule: '* * * * *',
        command,
      },
    }),
  );
  if (!created) return;
  customer.namespaces
    .get(namespace)
    ?.jobs.set(name, { permanent, command, sentAt, answeredAt: Date.now(), manualRuns: [] });
  customer.audited.push(auditKey('ContainerJob', 'create', namespace, name));
}

/**
 * One change of the customer's, chosen among those its resources allow now (read first): a resource being
 * changed refuses another change (CONFLICT), which would be the test's mistake, not the server's.
 */
export async function change(traffic: Traffic, customer: Customer) {
  const names = [...customer.namespaces.keys()];
  if (names.length < 3 && Math.random() < 0.15) {
    await createNamespace(traffic, customer, nextName(customer, 'ns'), false);
    return;
  }
  const name = pick(names);
  const namespace = name === undefined ? undefined : customer.namespaces.get(name);
  if (name === undefined || !namespace) return;
  const read = await traffic.query(customer, 'namespace', () =>
    customer.api.gql(NAMESPACE_CONTENTS, { name }),
  );
  if (!read) return;
  const held = read.namespace;
  const containers = held.containers ?? [];
  const volumes = held.volumes ?? [];
  const actions: (() => Promise<void>)[] = [];

  if (namespace.containers.size < MAX_PER_KIND) {
    actions.push(async () => {
      const container = nextName(customer, 'web');
      const created = await traffic.mutate(customer, 'containerCreate', () =>
        customer.api.gql(CREATE_CONTAINER, {
          input: { name: container, namespace: name, image: 'nginx:1.27' },
        }),
      );
      if (!created) return;
      namespace.containers.set(container, {
        id: created.containerCreate.id,
        image: 'nginx:1.27',
        deploys: 1,
      });
      customer.audited.push(auditKey('Container', 'create', name, container));
    });
  }
  for (const container of containers.filter((each) => each.state === 'running' && !each.locked)) {
    const known = namespace.containers.get(container.name);
    if (!known) continue;
    actions.push(async () => {
      const image = known.image === 'nginx:1.27' ? 'nginx:1.28' : 'nginx:1.27';
      const input = { name: container.name, namespace: name, image };
      if (
        !(await traffic.mutate(customer, 'containerModify', () =>
          customer.api.gql(MODIFY_CONTAINER, { input }),
        ))
      )
        return;
      known.image = image;
      known.deploys++;
      customer.audited.push(auditKey('Container', 'update', name, container.name));
    });
    actions.push(async () => {
      const input = { name: container.name, namespace: name };
      if (
        !(await traffic.mutate(customer, 'containerDelete', () => customer.api.gql(DELETE_CONTAINER, input)))
      )
        return;
      namespace.containers.delete(container.name);
      customer.audited.push(auditKey('Container', 'delete', name, container.name));
    });
  }

  if (namespace.jobs.size < MAX_PER_KIND) {
    actions.push(() => createJob(traffic, customer, name, nextName(customer, 'job'), false));
  }
  for (const job of held.containerJobs.filter((each) => each.state === 'created' && !each.locked)) {
    const known = namespace.jobs.get(job.name);
    if (!known) continue;
    const input = { name: job.name, namespace: name };
    if (known.manualRuns.length < MAX_MANUAL_RUNS) {
      actions.push(async () => {
        const run = await traffic.mutate(customer, 'containerJobRun', () => customer.api.gql(RUN_JOB, input));
        if (run) known.manualRuns.push(run.containerJobRun.name);
      });
    }
    actions.push(async () => {
      const command = known.command[0] === 'true' ? ['echo', 'done'] : ['true'];
      const modified = await traffic.mutate(customer, 'containerJobModify', () =>
        customer.api.gql(MODIFY_JOB, { input: { ...input, command } }),
      );
      if (!modified) return;
      known.command = command;
      customer.audited.push(auditKey('ContainerJob', 'update', name, job.name));
    });
    if (!known.permanent) {
      actions.push(async () => {
        if (
          !(await traffic.mutate(customer, 'containerJobDelete', () => customer.api.gql(DELETE_JOB, input)))
        )
          return;
        namespace.jobs.delete(job.name);
        customer.audited.push(auditKey('ContainerJob', 'delete', name, job.name));
      });
    }
  }

  if (namespace.volumes.size < MAX_PER_KIND) {
    actions.push(async () => {
      const volume = nextName(customer, 'vol');
      const created = await traffic.mutate(customer, 'volumeCreate', () =>
        customer.api.gql(CREATE_VOLUME, { name: volume, namespace: name, size: 1 }),
      );
      if (!created) return;
      namespace.volumes.set(volume, { id: created.volumeCreate.id, size: 1, grown: 0 });
      customer.audited.push(auditKey('Volume', 'create', name, volume));
    });
  }
  for (const volume of volumes.filter((each) => each.state === 'created' && !each.locked)) {
    const known = namespace.volumes.get(volume.name);
    if (!known) continue;
    if (known.size < MAX_VOLUME_GB) {
      actions.push(async () => {
        const size = known.size + 1;
        const grown = await traffic.mutate(customer, 'volumeIncrease', () =>
          customer.api.gql(INCREASE_VOLUME, { name: volume.name, namespace: name, size }),
        );
        if (!grown) return;
        known.size = size;
        known.grown++;
        customer.audited.push(auditKey('Volume', 'update', name, volume.name));
      });
    }
    actions.push(async () => {
      const input = { name: volume.name, namespace: name };
      if (!(await traffic.mutate(customer, 'volumeDelete', () => customer.api.gql(DELETE_VOLUME, input))))
        return;
      namespace.volumes.delete(volume.name);
      customer.audited.push(auditKey('Volume', 'delete', name, volume.name));
    });
  }

  // A namespace goes with what it holds, which must all be settled (else CONFLICT): each of those is
  // deleted with an audit entry of its own. Settled namespaces are rare under this load: taken when they come.
  const settled = [...containers, ...held.containerJobs, ...volumes].every((each) => !each.locked);
  if (!namespace.permanent && held.state === 'created' && !held.locked && settled && Math.random() < 0.3) {
    const deleted = await traffic.mutate(customer, 'namespaceDelete', () =>
      customer.api.gql(DELETE_NAMESPACE, { name, deleteResources: true }),
    );
    if (!deleted) return;
    for (const container of namespace.containers.keys())
      customer.audited.push(auditKey('Container', 'delete', name, container));
    for (const job of namespace.jobs.keys())
      customer.audited.push(auditKey('ContainerJob', 'delete', name, job));
    for (const volume of namespace.volumes.keys())
      customer.audited.push(auditKey('Volume', 'delete', name, volume));
    customer.audited.push(auditKey('Namespace', 'delete', name, name));
    customer.namespaces.delete(name);
    return;
  }
  await pick(actions)?.();
}

/** What the customer reads meanwhile, as the portal polls it. */
export async function read(traffic: Traffic, customer: Customer, round: number) {
  // What the customer keeps all along: a namespace being deleted meanwhile would rightly be NOT_FOUND.
  if (round % 4 === 0) await traffic.query(customer, 'namespaces', () => customer.api.gql(NAMESPACES));
  else if (round % 4 === 1)
    await traffic.query(customer, 'namespace', () => customer.api.gql(NAMESPACE_CONTENTS, { name: 'base' }));
  else if (round % 4 === 2)
    await traffic.query(customer, 'containerJob', () =>
      customer.api.gql(JOB_RUNS_AND_EVENTS, { name: 'tick', namespace: 'base' }),
    );
  else
    await traffic.query(customer, 'auditLogs', () =>
      customer.api.gql(AUDIT_TAGS, { customerId: customer.customerId }),
    );
}
