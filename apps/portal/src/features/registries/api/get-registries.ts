import { queryOptions } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import type { NamespaceRegistriesQuery } from '@/gql/graphql.ts';
import { registryRowFragment } from './registry-fragments.ts';

// With the namespace's containers and jobs and the registry each pulls through: deleting a registry in use
// is refused, so the list shows its users and its delete dialog names them.
const namespaceRegistriesQuery = withFragments(
  graphql(`
    query NamespaceRegistries($namespace: String!) {
      namespace(name: $namespace) {
        id
        privateRegistries {
          ...RegistryRow
        }
        containers {
          name
          state
          privateRegistry {
            id
          }
        }
        containerJobs {
          name
          state
          privateRegistry {
            id
          }
        }
      }
    }
  `),
  registryRowFragment,
);

type Namespace = NamespaceRegistriesQuery['namespace'];

/** Each registry with the containers and jobs that pull through it. */
function withUsers({ privateRegistries, containers, containerJobs }: Namespace) {
  return privateRegistries.map((registry) => {
    const uses = (workload: { privateRegistry?: { id: string } | null }) =>
      workload.privateRegistry?.id === registry.id;
    return {
      ...registry,
      containers: (containers ?? []).filter(uses),
      containerJobs: containerJobs.filter(uses),
    };
  });
}

export type RegistryRow = ReturnType<typeof withUsers>[number];

export const registriesQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'registries'],
    queryFn: ({ signal }) =>
      platformRequest(namespaceRegistriesQuery, { namespace }, signal).then((data) =>
        withUsers(data.namespace),
      ),
  });
