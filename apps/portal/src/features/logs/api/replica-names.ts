import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const replicaNamesQuery = graphql(`
  query ContainerReplicaNames($namespace: String!, $name: String!) {
    container(containerResourceInput: { namespace: $namespace, name: $name }) {
      id
      replicas {
        name
      }
    }
  }
`);

/** How often the replica picker looks for replicas started or stopped meanwhile (scaling). */
const REFRESH_MS = 10_000;

/** The names of a container's current replicas, for the log's replica picker. */
export const replicaNamesQueryOptions = (namespace: string, container: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'container', container, 'replica-names'] as const,
    queryFn: ({ signal }) =>
      platformRequest(replicaNamesQuery, { namespace, name: container }, signal).then((data) =>
        data.container.replicas.map((replica) => replica.name),
      ),
    refetchInterval: REFRESH_MS,
  });
