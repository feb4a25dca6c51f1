import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/gql.ts';
import { MODIFY_CONTAINER, waitForContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { seed } from '../support/seed.ts';
import { startServer, type TestServer } from '../support/server.ts';

// What the audit log page relies on: every entry names its resource (an update's change set lacks the
// name), and a changed secret leaves an entry naming the variable without any part of either value.

let server: TestServer;
let alice: TestCustomer;
const FIRST_SECRET = 'first-Secret-8c41';
const SECOND_SECRET = 'second-Secret-5d07';

const AUDIT_LOG = graphql(`
  query AuditLogWithTags($customerId: ID!, $filter: AuditLogFilterInput) {
    auditLogs(customerId: $customerId, filter: $filter) {
      id
      eventType
      modelName
      tags
      changeSet {
        name
        oldValue
        newValue
      }
    }
  }
`);

async function containerUpdates() {
  const { auditLogs } = await alice.data(AUDIT_LOG, {
    customerId: String(alice.customerId),
    filter: { eventTypes: ['update'], modelNames: ['Container'] },
  });
  // The state a change moves the container to (running → updating) is recorded too; not the point here.
  return auditLogs.flatMap((entry) =>
    entry ? [{ ...entry, changeSet: entry.changeSet.filter((change) => change.name !== 'state') }] : [],
  );
}

async function modify(change: Record<string, unknown>) {
  await alice.data(MODIFY_CONTAINER, { input: { name: 'web', namespace: 'shop', ...change } });
  await waitForContainer(alice, 'shop', 'web', 'running');
}

beforeAll(async () => {
  server = await startServer({ SIMULATED_DELAY_MS: '50' });
  const shop = await seed(server)
    .customer({ subscriptions: ['serverless-container'] })
    .namespace('shop');
  alice = shop.customer;
  await shop.container({
    name: 'web',
    image: 'nginx:1.26',
    ports: ['80'],
    environmentVariables: [
      { name: 'MODE', value: 'live' },
      { name: 'TOKEN', value: FIRST_SECRET, secret: true },
    ],
  });
});
afterAll(() => server.close());

describe('audit log entries', () => {
  it('say what changed in the words customers read: a size, ports and web addresses, no internal name', async () => {
    await modify({
      resources: 'CPU_500_RAM_1000',
      ports: ['80', '8080'],
      ingresses: [{ domainName: 'shop.example.com', port: 8080, enableTLS: true, whitelist: ['10.0.0.0/8'] }],
    });
    const [update] = await containerUpdates();
    const changed = Object.fromEntries(
      (update?.changeSet ?? []).map((change) => [change.name, [change.oldValue, change.newValue]]),
    );
    expect(changed.resources).toEqual(['0.25 vCPU, 500 MB memory', '0.5 vCPU, 1 GB memory']);
    expect(changed.ports).toEqual(['80', '80, 8080']);
    expect(changed.ingresses?.[1]).toContain('https://shop.example.com → 8080, only from 10.0.0.0/8');

    const { auditLogs } = await alice.data(AUDIT_LOG, {
      customerId: String(alice.customerId),
      filter: { eventTypes: ['create'], modelNames: ['Namespace'] },
    });
    expect(auditLogs[0]?.changeSet.map((change) => change.name)).not.toContain('internalName');
  });

  it('tag every entry with the name and namespace of its resource, updates included', async () => {
    await modify({ image: 'nginx:1.27' });
    const [update] = await containerUpdates();
    expect(update?.changeSet).toEqual([{ name: 'image', oldValue: 'nginx:1.26', newValue: 'nginx:1.27' }]);
    expect(update?.tags).toEqual(['name:web', 'namespace:shop']);

    const { auditLogs } = await alice.data(AUDIT_LOG, {
      customerId: String(alice.customerId),
      filter: { eventTypes: ['create'], modelNames: ['Namespace', 'Container'] },
    });
    expect(auditLogs.map((entry) => [entry?.modelName, entry?.tags])).toEqual([
      ['Container', ['name:web', 'namespace:shop']],
      ['Namespace', ['name:shop', 'namespace:shop']],
    ]);
  });

  it('record a changed secret by the name of its variable, with no part of either value', async () => {
    await modify({ environmentVariables: [{ name: 'TOKEN', value: SECOND_SECRET, secret: true }] });
    const [update] = await containerUpdates();
    expect(update?.changeSet.map((change) => change.name)).toEqual(['environmentVariables']);
    const [change] = update?.changeSet ?? [];
    expect(JSON.parse(change?.oldValue ?? 'null')).toEqual({ MODE: 'live', TOKEN: '(secret)' });
    expect(JSON.parse(change?.newValue ?? 'null')).toEqual({ MODE: 'live', TOKEN: '(secret, new value)' });

    const { auditLogs } = await alice.data(AUDIT_LOG, { customerId: String(alice.customerId) });
    const text = JSON.stringify(auditLogs).toLowerCase();
    for (const secret of [FIRST_SECRET, SECOND_SECRET]) {
      // Not even a fragment: an excerpt or prefix of a value would say something of it.
      for (const fragment of [secret, secret.slice(0, 6), secret.slice(-5)]) {
        expect(text).not.toContain(fragment.toLowerCase());
      }
    }
  });

  it('leave a kept secret out of the change set when something else changes', async () => {
    await modify({ environmentVariables: [{ name: 'MODE', value: 'debug' }] });
    const [update] = await containerUpdates();
    expect(update?.changeSet).toEqual([
      {
        name: 'environmentVariables',
        oldValue: JSON.stringify({ MODE: 'live', TOKEN: '(secret)' }),
        newValue: JSON.stringify({ MODE: 'debug', TOKEN: '(secret)' }),
      },
    ]);
  });
});
