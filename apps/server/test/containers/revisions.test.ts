import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { graphql } from '../generated/gql.ts';
import { MODIFY_CONTAINER, containerByName, waitForContainer } from '../support/containers.ts';
import type { TestCustomer } from '../support/customers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { DELETE_VOLUME } from '../support/volumes.ts';
import { useContainersServer } from './setup.ts';

// Every deploy of a container is a numbered revision (issue 28): listed with what it ran, why and who
// started it; a rollback deploys an earlier one again (secret values and volumes included) as the next
// number; a redeploy deploys the current spec again; a restart replaces the replicas without a revision.

const suite = useContainersServer();

const REVISIONS = graphql(`
  query ContainerRevisions($name: String!, $namespace: String!) {
    container(containerResourceInput: { name: $name, namespace: $namespace }) {
      image
      state
      revisions {
        number
        reason
        rolledBackTo
        current
        image
        privateRegistry
        resources
        ports
        environmentVariables {
          name
          value
          secret
        }
        replicas
        autoScaling {
          replicas {
            maximum
          }
        }
        createdBy
        createdAt
      }
      replicas {
        name
      }
      events(kinds: [DEPLOYS]) {
        message
      }
    }
  }
`);

const ROLLBACK = graphql(`
  mutation ContainerRollback($name: String!, $namespace: String!, $revision: Int!) {
    containerRollback(container: { name: $name, namespace: $namespace }, revision: $revision) {
      state
      locked
      image
    }
  }
`);

const REDEPLOY = graphql(`
  mutation ContainerRedeploy($name: String!, $namespace: String!) {
    containerRedeploy(container: { name: $name, namespace: $namespace }) {
      state
      locked
    }
  }
`);

const RESTART = graphql(`
  mutation ContainerRestart($name: String!, $namespace: String!) {
    containerRestart(container: { name: $name, namespace: $namespace }) {
      state
      locked
    }
  }
`);

const api = { name: 'api', namespace: 'deploys' };

describe('container revisions', () => {
  let alice: TestCustomer;
  /** The secret as stored (encrypted) while revision 1 ran. */
  let firstSecret: string;

  const revisions = async () => (await alice.data(REVISIONS, api)).container;
  const storedSecret = async () => {
    const [row] = await queryRows<{ value: string }>(
      suite.server.berth.database.db,
      sql`SELECT v.value FROM container_environment_variables v JOIN containers c ON c.id = v.container_id
          WHERE c.name = 'api' AND v.name = 'TOKEN'`,
    );
    if (!row) throw new Error('the container has no TOKEN');
    return row.value;
  };
  const running = () => waitForContainer(alice, api.namespace, api.name, 'running');

  beforeAll(async () => {
    const deploys = await suite.subscribed().namespace('deploys');
    alice = deploys.customer;
    await deploys.container({
      ...api,
      image: 'nginx:1.27',
      ports: ['80'],
      environmentVariables: [
        { name: 'A', value: '1' },
        { name: 'TOKEN', value: 'first-secret', secret: true },
      ],
      mounts: [{ path: '/data', volume: { name: 'data', size: 1 } }],
      scaling: { manual: { replicas: 1 } },
    });
    await running();
    firstSecret = await storedSecret();
  });

  it('lists the deploy that created it as revision 1: what it ran, by whom; a secret value unsaid', async () => {
    const container = await revisions();
    expect(container.revisions).toEqual([
      {
        number: 1,
        reason: 'CREATED',
        rolledBackTo: null,
        current: true,
        image: 'nginx:1.27',
        privateRegistry: null,
        resources: 'CPU_250_RAM_500',
        ports: ['80'],
        environmentVariables: [
          { name: 'A', value: '1', secret: false },
          { name: 'TOKEN', value: null, secret: true },
        ],
        replicas: 1,
        autoScaling: null,
        createdBy: alice.email,
        createdAt: expect.any(String),
      },
    ]);
    expect(container.events.map((event) => event.message)).toContain(
      'Deploy started: revision 1, nginx:1.27',
    );
  });

  it('numbers a change as the next revision, and rolls back to revision 1 as revision 3', async () => {
    const changed = await alice.gql(MODIFY_CONTAINER, {
      input: {
        ...api,
        image: 'nginx:1.28',
        environmentVariables: [
          { name: 'A', value: '2' },
          { name: 'TOKEN', value: 'second-secret', secret: true },
        ],
        mounts: [{ path: '/data', volume: { name: 'data' }, state: 'ABSENT' }],
      },
    });
    expect(changed.body.errors).toBeUndefined();
    await running();
    expect(await storedSecret()).not.toBe(firstSecret);
    const afterChange = await revisions();
    expect(
      afterChange.revisions.map(({ number, reason, current, image }) => ({ number, reason, current, image })),
    ).toEqual([
      { number: 2, reason: 'CHANGED', current: true, image: 'nginx:1.28' },
      { number: 1, reason: 'CREATED', current: false, image: 'nginx:1.27' },
    ]);

    const rolledBack = await alice.data(ROLLBACK, { ...api, revision: 1 });
    expect(rolledBack.containerRollback).toEqual({ state: 'updating', locked: true, image: 'nginx:1.27' });
    await running();

    // Revision 1 runs again, its secret value and its volume included.
    const after = await containerByName(alice, api.namespace, api.name);
    expect(after.image).toBe('nginx:1.27');
    expect(after.environmentVariables.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: 'A', value: '1' },
      { name: 'TOKEN', value: null },
    ]);
    expect(after.mounts.map((mount) => ({ path: mount.path, volume: mount.volume.name }))).toEqual([
      { path: '/data', volume: 'data' },
    ]);
    expect(await storedSecret()).toBe(firstSecret);
    const listed = await revisions();
    expect(listed.revisions[0]).toMatchObject({
      number: 3,
      reason: 'ROLLED_BACK',
      rolledBackTo: 1,
      current: true,
      image: 'nginx:1.27',
      createdBy: alice.email,
    });
    expect(listed.revisions.map((revision) => revision.number)).toEqual([3, 2, 1]);
    expect(listed.events.map((event) => event.message)).toContain('Deploy started: revision 3, nginx:1.27');
  });

  it('refuses the revision deployed now, one it never had, and any change while a deploy is rolling', async () => {
    const current = expectGraphQLError(await alice.gql(ROLLBACK, { ...api, revision: 3 }), 'BAD_USER_INPUT');
    expect(current.message).toBe('Revision 3 is the one deployed: redeploy it instead');
    expect(current.extensions?.field).toBe('revision');
    const missing = expectGraphQLError(await alice.gql(ROLLBACK, { ...api, revision: 9 }), 'NOT_FOUND');
    expect(missing.message).toContain('Revision 9 of container api');

    await alice.data(REDEPLOY, api);
    expectGraphQLError(await alice.gql(ROLLBACK, { ...api, revision: 2 }), 'CONFLICT');
    expectGraphQLError(await alice.gql(RESTART, api), 'CONFLICT');
    await running();
    expect((await revisions()).revisions.map((revision) => revision.number)).toEqual([4, 3, 2, 1]);
  });

  it('redeploys as the next revision and restarts without one, each with new replicas', async () => {
    const before = await revisions();
    const redeployed = await alice.data(REDEPLOY, api);
    expect(redeployed.containerRedeploy).toEqual({ state: 'updating', locked: true });
    await running();
    const afterRedeploy = await revisions();
    expect(afterRedeploy.revisions[0]).toMatchObject({
      number: 5,
      reason: 'REDEPLOYED',
      image: 'nginx:1.27',
    });
    expect(afterRedeploy.replicas.map((replica) => replica.name)).not.toEqual(
      before.replicas.map((replica) => replica.name),
    );

    const restarted = await alice.data(RESTART, api);
    expect(restarted.containerRestart).toEqual({ state: 'updating', locked: true });
    await running();
    const afterRestart = await revisions();
    expect(afterRestart.revisions[0]?.number).toBe(5);
    expect(afterRestart.replicas).toHaveLength(1);
    expect(afterRestart.replicas.map((replica) => replica.name)).not.toEqual(
      afterRedeploy.replicas.map((replica) => replica.name),
    );
  });

  it('refuses a rollback to a revision whose volume is gone, changing nothing', async () => {
    await alice.data(MODIFY_CONTAINER, {
      input: { ...api, mounts: [{ path: '/data', volume: { name: 'data' }, state: 'ABSENT' }] },
    });
    await running();
    // Being deleted is gone enough.
    expect(await alice.data(DELETE_VOLUME, { name: 'data', namespace: api.namespace })).toEqual({
      volumeDelete: true,
    });

    const error = expectGraphQLError(await alice.gql(ROLLBACK, { ...api, revision: 1 }), 'BAD_USER_INPUT');
    expect(error.message).toBe('Revision 1 mounts a volume at /data that no longer exists');
    const after = await revisions();
    expect(after.state).toBe('running');
    expect(after.revisions[0]?.number).toBe(6);
  });

  it("never shows or rolls back another customer's container", async () => {
    const mallory = (await suite.subscribed().namespace('deploys')).customer;
    const peek = await mallory.gql(REVISIONS, api);
    expectGraphQLError(peek, 'NOT_FOUND');
    expectGraphQLError(await mallory.gql(ROLLBACK, { ...api, revision: 1 }), 'NOT_FOUND');
    expectGraphQLError(await mallory.gql(REDEPLOY, api), 'NOT_FOUND');
    expectGraphQLError(await mallory.gql(RESTART, api), 'NOT_FOUND');
    expect((await revisions()).revisions[0]?.number).toBe(6);
  });
});
