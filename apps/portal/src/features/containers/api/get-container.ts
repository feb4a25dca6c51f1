import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { ContainerDetailsFragment } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile, resourcePageStaleTimeMs } from '@/lib/resource-activity.ts';
import { externalConnectionFragment } from '@/components/external-access/external-connection-fragment.ts';
import { containerDetailsFragment } from './container-fragments.ts';

const containerQuery = withFragments(
  graphql(`
    query Container($namespace: String!, $name: String!) {
      container(containerResourceInput: { namespace: $namespace, name: $name }) {
        ...ContainerDetails
      }
    }
  `),
  containerDetailsFragment,
  externalConnectionFragment,
);

export type ContainerDetails = ContainerDetailsFragment;

export const containerQueryKey = (namespace: string, name: string) =>
  [...namespaceScopeKey(namespace), 'container', name] as const;

/**
 * Replica counts move without a change being applied: while the container autoscales or replicas are on
 * their way, the overview follows them as it does a change.
 */
const replicasMoving = (container: ContainerDetails) =>
  isChanging(container) ||
  container.autoScaling !== null ||
  container.availableReplicas < container.numberOfReplicas;

export const containerQueryOptions = (namespace: string, name: string) =>
  queryOptions({
    queryKey: containerQueryKey(namespace, name),
    queryFn: ({ signal }) =>
      platformRequest(containerQuery, { namespace, name }, signal).then((data) => data.container),
    refetchInterval: pollWhile(replicasMoving),
    staleTime: resourcePageStaleTimeMs,
    // A missing container is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useContainer(namespace: string, name: string) {
  return useQuery(containerQueryOptions(namespace, name));
}
