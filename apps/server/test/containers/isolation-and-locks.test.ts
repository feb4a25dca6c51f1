import { describe, expect, it } from 'vitest';
import {
  CONTAINER_BY_ID,
  CONTAINER_BY_NAME,
  DELETE_CONTAINER,
  MODIFY_CONTAINER,
  createContainer,
  waitForContainer,
} from '../support/containers.ts';
import { expectGraphQLError } from '../support/http.ts';
import { whileProvisionerPaused } from '../support/provisioner.ts';
import { containersIn, useContainersServer } from './setup.ts';

const suite = useContainersServer();
const { subscribed } = suite;

describe('isolation', () => {
  it('gives another customer NOT_FOUND for every query and mutation of a container, by name and by id', async () => {
    const { customer: alice } = await subscribed().namespace('private');
    const { customer: bob } = await subscribed().namespace('private');
    const container = await createContainer(alice, {
      name: 'secret-app',
      namespace: 'private',
      image: 'nginx',
    });

    const byId = expectGraphQLError(await bob.gql(CONTAINER_BY_ID, { id: container.id }), 'NOT_FOUND');
    const missingId = expectGraphQLError(await bob.gql(CONTAINER_BY_ID, { id: '99999999' }), 'NOT_FOUND');
    expect(byId.message).toBe(`Container ${container.id} not found`);
    expect(missingId.message).toBe('Container 99999999 not found');

    const where = { name: 'secret-app', namespace: 'private' };
    const missing = { name: 'nothing-here', namespace: 'private' };
    for (const request of [
      () => bob.gql(CONTAINER_BY_NAME, where),
      () => bob.gql(MODIFY_CONTAINER, { input: { ...where, image: 'evil' } }),
      () => bob.gql(DELETE_CONTAINER, where),
    ]) {
      const error = expectGraphQLError(await request(), 'NOT_FOUND');
      expect(error.message).toBe('Container secret-app in namespace private not found');
    }
    const other = expectGraphQLError(await bob.gql(CONTAINER_BY_NAME, missing), 'NOT_FOUND');
    expect(other.message).toBe('Container nothing-here in namespace private not found');
    expect(await containersIn(bob, 'private')).toEqual([]);
    // Alice's container is untouched.
    await waitForContainer(alice, 'private', 'secret-app', 'running', (found) => found.image === 'nginx');
  });
});

describe('locks', () => {
  it('refuses modify and delete of a container being created with CONFLICT', async () => {
    const { customer: alice } = await subscribed().namespace('busy');
    await whileProvisionerPaused(suite.server, async () => {
      await createContainer(alice, { name: 'web', namespace: 'busy', image: 'nginx' });
      const error = expectGraphQLError(
        await alice.gql(MODIFY_CONTAINER, { input: { name: 'web', namespace: 'busy', image: 'httpd' } }),
        'CONFLICT',
      );
      expect(error.message).toBe('Container web is being changed (creating); try again when it is done');
      expectGraphQLError(await alice.gql(DELETE_CONTAINER, { name: 'web', namespace: 'busy' }), 'CONFLICT');
    });
    await waitForContainer(alice, 'busy', 'web', 'running', (found) => found.image === 'nginx');
  });
});
