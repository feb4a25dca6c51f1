import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import type { ContainerQuery } from '../../../gql/graphql.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';
import { namespaceScopeKey } from '../../../lib/query-keys.ts';
import { isChanging, pollWhile } from '../../../lib/resource-activity.ts';

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

export const containerQueryOptions = (namespace: string, name: string) =>
  queryOptions({
    queryKey: containerQueryKey(namespace, name),
    queryFn: ({ signal }) =>
      platformRequest(containerQuery, { namespace, name }, signal).then((data) => data.container),
    refetchInterval: pollWhile(isChanging),
    // A missing container is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useContainer(namespace: string, name: string) {
  return useQuery(containerQueryOptions(namespace, name));
}
