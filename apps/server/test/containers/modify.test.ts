import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { ContainerModifyInput } from '../generated/graphql.ts';
import {
  CONTAINER_BY_ID,
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  containerByName,
  waitForContainer,
} from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { auditLogs } from '../support/queries.ts';
import { containersIn, useContainersServer } from './setup.ts';

const suite = useContainersServer();
const { subscribed, addressSuffix } = suite;

describe('containerModify patch semantics', () => {
  let alice: TestCustomer;
  const SECRET = 'hunter2-very-secret';
  beforeAll(async () => {
    const patch = await subscribed().namespace('patch');
    alice = patch.customer;
    await patch.container({
      name: 'api',
      image: 'nginx:1.27',
      ports: ['80', '9000'],
      environmentVariables: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
        { name: 'TOKEN', value: SECRET, secret: true },
      ],
      ingresses: [{ port: 80 }, { port: 80, domainName: 'api.example.com', enableTLS: true }],
      healthCheck: { port: 80, path: '/health' },
      command: ['serve'],
    });
  });

  const modify = (change: Partial<ContainerModifyInput>) =>
    alice.gql(MODIFY_CONTAINER, { input: { name: 'api', namespace: 'patch', ...change } });

  it('changes only the variables sent: replaces, adds and removes by name; keeps the rest and the secret', async () => {
    const before = await containerByName(alice, 'patch', 'api');
    const { body } = await modify({
      environmentVariables: [
        { name: 'A', value: '10' },
        { name: 'B', value: '', state: 'ABSENT' },
        { name: 'C', value: '3' },
      ],
    });
    const modified = body.data?.containerModify;
    expect(modified).toMatchObject({ state: 'updating', locked: true });
    expect(
      modified?.environmentVariables.map(({ name, value, secret }) => ({ name, value, secret })),
    ).toEqual([
      { name: 'A', value: '10', secret: false },
      { name: 'C', value: '3', secret: false },
      { name: 'TOKEN', value: null, secret: true },
    ]);
    expect(modified).toMatchObject({
      ports: before.ports,
      healthCheck: before.healthCheck,
      command: ['serve'],
      image: 'nginx:1.27',
      ingresses: before.ingresses.map(({ domainName, port, enableTLS, allowlist }) =>
        expect.objectContaining({ domainName, port, enableTLS, allowlist }),
      ),
    });

    // Locked while the runtime rolls the change out: every other change waits.
    expectGraphQLError(await modify({ image: 'nginx:1.28' }), 'CONFLICT');
    expectGraphQLError(await alice.gql(DELETE_CONTAINER, { name: 'api', namespace: 'patch' }), 'CONFLICT');
    await waitForContainer(alice, 'patch', 'api', 'running');
  });

  it('removes the health check with null, leaves it with absent', async () => {
    const kept = await modify({ image: 'nginx:1.28' });
    expect(kept.body.data?.containerModify.healthCheck).toEqual({ port: 80, path: '/health' });
    await waitForContainer(alice, 'patch', 'api', 'running');
    const removed = await modify({ healthCheck: null });
    expect(removed.body.data?.containerModify).toMatchObject({ healthCheck: null, image: 'nginx:1.28' });
    await waitForContainer(alice, 'patch', 'api', 'running');
  });

  it('keys ingresses by domain name or port: ABSENT removes, a port-keyed item keeps the default address', async () => {
    const removed = await modify({
      ingresses: [{ port: 80, domainName: 'api.example.com', state: 'ABSENT' }],
    });
    const own = `api-patch-${await addressSuffix(alice)}.apps.localhost`;
    expect(removed.body.data?.containerModify.ingresses.map((ingress) => ingress.domainName)).toEqual([own]);
    await waitForContainer(alice, 'patch', 'api', 'running');

    const changed = await modify({ ingresses: [{ port: 80, whitelist: ['10.0.0.0/8'] }] });
    expect(changed.body.data?.containerModify.ingresses).toEqual([
      expect.objectContaining({
        domainName: own,
        enableTLS: true,
        allowlist: ['10.0.0.0/8'],
      }),
    ]);
    await waitForContainer(alice, 'patch', 'api', 'running');
  });

  it('validates the resulting whole and writes nothing when it breaks a rule', async () => {
    const before = await containerByName(alice, 'patch', 'api');
    const auditBefore = await auditLogs(alice);
    const error = expectGraphQLError(await modify({ ports: ['9000'] }), 'BAD_USER_INPUT');
    expect(error.message).toBe(
      `ingresses: port 80 of api-patch-${await addressSuffix(alice)}.apps.localhost is not one of the container's ports`,
    );
    const twice = expectGraphQLError(
      await modify({
        environmentVariables: [
          { name: 'X', value: '1' },
          { name: 'X', value: '2' },
        ],
      }),
      'BAD_USER_INPUT',
    );
    expect(twice.message).toBe('environmentVariables: X is given twice');
    expect(await containerByName(alice, 'patch', 'api')).toEqual(before);
    expect(await auditLogs(alice)).toEqual(auditBefore);
  });

  it('never returns a secret value, stores it encrypted and keeps it out of the audit log', async () => {
    const byName = await containerByName(alice, 'patch', 'api');
    const byId = await alice.data(CONTAINER_BY_ID, { id: byName.id });
    for (const container of [byName, byId.container, ...(await containersIn(alice, 'patch'))]) {
      expect(container.environmentVariables.find((variable) => variable.name === 'TOKEN')).toMatchObject({
        value: null,
        secret: true,
      });
    }
    const replaced = await modify({
      environmentVariables: [{ name: 'TOKEN', value: `${SECRET}-2`, secret: true }],
    });
    expect(JSON.stringify(replaced.body)).not.toContain(SECRET);

    const stored = await queryRows<{ value: string }>(
      suite.server.berth.database.db,
      sql`SELECT value FROM container_environment_variables WHERE name = 'TOKEN'`,
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.value).not.toContain(SECRET);
      expect(row.value).toMatch(/^v1:/);
    }
    const audit = await auditLogs(alice);
    const text = JSON.stringify(audit);
    expect(text).not.toContain(SECRET);
    expect(audit.filter((entry) => entry.modelName === 'Container').length).toBeGreaterThan(0);
    expect(text).toContain('(secret, new value)');
    await waitForContainer(alice, 'patch', 'api', 'running');
  });
});
