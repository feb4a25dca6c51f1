import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type {
  ContainerModifyMutationVariables,
  ExternalConnectionViewFragment,
} from '../../src/gql/graphql.ts';
import { containerDetails, namespace, type ContainerDetails } from './fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { server } from './server.ts';

// External access (issue 27) as the external-access-*.test.tsx files see it: connections as the platform
// answers them, a container with one opened on its pages, and the section's parts.

/** Its own addresses: HTTPS to 8080 from one range, and DNS over UDP to 5353 from anywhere. */
export const ownConnection: ExternalConnectionViewFragment = {
  ipv4: '203.0.113.1',
  ipv6: '2001:db8::1',
  sharedIp: false,
  ports: [
    { externalPort: 443, internalPort: 8080, protocol: 'TCP', allowList: ['10.0.0.0/8', '192.0.2.7'] },
    { externalPort: 53, internalPort: 5353, protocol: 'UDP', allowList: [] },
  ],
};

/** On the customer's shared addresses: one port, chosen by the platform, open to everyone. */
export const sharedConnection: ExternalConnectionViewFragment = {
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::',
  sharedIp: true,
  ports: [{ externalPort: 30000, internalPort: 5432, protocol: 'TCP', allowList: [] }],
};

/** A container at rest listening on 8080 and 5353, with `externalConnection`. */
export const containerWith = (externalConnection: ExternalConnectionViewFragment | null): ContainerDetails =>
  containerDetails('web', {
    image: 'nginx:1.27',
    ports: ['8080', '5353'],
    state: 'created',
    modifiedAt: '2025-01-02T09:00:00Z',
    externalConnection,
  });

type Refusal = { message: string; extensions: { code: string; field?: string } };

/**
 * Opens `tab` (overview, configure) of the container in namespace shop. Its modifies are recorded, and
 * answered as done or refused with `refuse`.
 */
export function openContainer(
  container: ContainerDetails,
  tab: 'overview' | 'configure',
  { refuse }: { refuse?: Refusal[] } = {},
) {
  const modified: ContainerModifyMutationVariables['input'][] = [];
  server.use(
    graphql.query('Namespace', () => HttpResponse.json({ data: { namespace: namespace('shop') } })),
    graphql.query('Container', () => HttpResponse.json({ data: { container } })),
    graphql.query('WorkloadFormOptions', () =>
      HttpResponse.json({ data: { namespace: { id: '1', privateRegistries: [], volumes: [] } } }),
    ),
    graphql.query('DefaultContainerAddress', () =>
      HttpResponse.json({
        data: { namespace: { id: '1', defaultContainerAddress: 'web-shop-1a2b3c4d.apps.localhost' } },
      }),
    ),
    graphql.mutation<object, ContainerModifyMutationVariables>('ContainerModify', ({ variables }) => {
      modified.push(variables.input);
      return refuse
        ? HttpResponse.json({ errors: refuse })
        : HttpResponse.json({
            data: {
              containerModify: {
                id: container.id,
                name: container.name,
                image: container.image,
                state: 'updating',
                locked: true,
                resources: container.resources,
                numberOfReplicas: 1,
                availableReplicas: 1,
                problem: null,
                autoScaling: null,
                ingresses: [],
              },
            },
          });
    }),
  );
  const rendered = renderWithProviders({
    path: `/compute/serverless-containers/shop/container/${container.name}/${tab}`,
  });
  return { ...rendered, modified };
}

/** The External access section (a form's, or a page's). */
export const accessSection = () => within(screen.getByRole('region', { name: 'External access' }));

/** The group of fields of a port in the section (`port 443/TCP`, `port 2`). */
export const portGroup = (name: string | RegExp) => within(accessSection().getByRole('group', { name }));
