import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import type { ContainerQuery } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';

const containerQuery = graphql(`
  query Container($namespace: String!, $name: String!) {
    container(containerResourceInput: { namespace: $namespace, name: $name }) {
      id
      name
      image
      privateRegistry {
        id
        name
        source
      }
      entrypoint
      command
      resources
      ports
      environmentVariables {
        id
        name
        value
        secret
      }
      ingresses {
        id
        domainName
        url
        port
        enableTLS
        allowlist
      }
      mounts {
        path
        volume {
          id
          name
          size
        }
      }
      healthCheck {
        port
        path
      }
      autoScaling {
        replicas {
          minimum
          maximum
        }
        triggers {
          type
          threshold
        }
      }
      numberOfReplicas
      availableReplicas
      replicas {
        name
        status
        statusMessage
        image
      }
      state
      locked
      createdAt
      modifiedAt
    }
  }
`);

export type ContainerDetails = ContainerQuery['container'];

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
    // A missing container is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useContainer(namespace: string, name: string) {
  return useQuery(containerQueryOptions(namespace, name));
}
