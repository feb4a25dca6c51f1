import { beforeEach, describe, expect, it } from 'vitest';
import type { TestCustomer } from '../support/customers.ts';
import {
  MODIFY_CONNECTED_CONTAINER,
  createConnectedContainer,
  modifiedContainer,
  port,
  runningContainer,
} from '../support/external-connections.ts';
import { seed } from '../support/seed.ts';
import { useServer } from '../support/server.ts';

// Port patches as clients send them: an item names the port by (externalPort, protocol) and gives every
// unset field as explicit null (API.md). A new item with internalPort null forwards to the container's first
// port; an item naming an existing port changes what it gives of it and nothing else, and one with state
// ABSENT removes the port it names, whatever else it repeats of it. Each test has a container of its own:
// `api`, ports 80 and 9000, whose connection forwards 19000 to 9000.

const suite = useServer({ SIMULATED_DELAY_MS: '100' });

describe('port patches keyed by externalPort and protocol', () => {
  let customer: TestCustomer;
  beforeEach(async () => {
    ({ customer } = await seed(suite.server)
      .customer({ subscriptions: ['serverless-container'] })
      .namespace('patch'));
    await createConnectedContainer(customer, {
      name: 'api',
      namespace: 'patch',
      image: 'nginx:1.27',
      ports: ['80', '9000'],
      externalConnection: { ports: [{ externalPort: 19000, internalPort: 9000 }] },
    });
    const running = await runningContainer(customer, 'patch', 'api');
    expect(running.externalConnection?.ports).toEqual([port(19000, 9000)]);
  });

  it('forwards a new port given internalPort null to the first container port', async () => {
    const added = await modifiedContainer(customer, {
      name: 'api',
      namespace: 'patch',
      externalConnection: {
        sharedIp: true,
        state: 'PRESENT',
        ports: [{ externalPort: 8000, internalPort: null, protocol: 'TCP', state: 'PRESENT', allowList: [] }],
      },
    });
    expect(added.externalConnection?.ports).toEqual([port(8000, 80), port(19000, 9000)]);
  });

  it('changes only the allowlist of a port named by externalPort, internalPort null, keeping where it forwards', async () => {
    const changed = await modifiedContainer(customer, {
      name: 'api',
      namespace: 'patch',
      externalConnection: {
        sharedIp: true,
        state: 'PRESENT',
        ports: [
          {
            externalPort: 19000,
            internalPort: null,
            protocol: 'TCP',
            state: 'PRESENT',
            allowList: [{ ip: '10.0.0.0/8', state: 'PRESENT' }],
          },
        ],
      },
    });
    // The port still forwards to 9000: only its allowlist was sent.
    expect(changed.externalConnection?.ports).toEqual([port(19000, 9000, { allowList: ['10.0.0.0/8'] })]);
  });

  it('removes a container port and its forwarding in one modify, the item naming the port by externalPort', async () => {
    const both = await modifiedContainer(customer, {
      name: 'api',
      namespace: 'patch',
      ports: ['80'],
      externalConnection: {
        ports: [{ externalPort: 19000, internalPort: null, protocol: 'TCP', state: 'ABSENT', allowList: [] }],
      },
    });
    expect(both).toMatchObject({ ports: ['80'], externalConnection: { ports: [] } });
  });

  it('removes a container port and its forwarding in one modify, the item repeating the whole port as read', async () => {
    // What a client sends back of the port it read, marked ABSENT: internalPort 9000 is the container port
    // removed in the same modify, and no part of the port's key.
    const response = await customer.gql(MODIFY_CONNECTED_CONTAINER, {
      input: {
        name: 'api',
        namespace: 'patch',
        ports: ['80'],
        externalConnection: {
          ports: [
            { externalPort: 19000, internalPort: 9000, protocol: 'TCP', state: 'ABSENT', allowList: [] },
          ],
        },
      },
    });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data?.containerModify).toMatchObject({
      ports: ['80'],
      externalConnection: { ports: [] },
    });
  });
});
