import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NamespaceContentsQuery } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';

// What a namespace holds, by name: what its delete dialog lists before asking anything (the platform
// deletes a namespace only when it is empty, or with everything in it when asked to).
const namespaceContentsQuery = graphql(`
  query NamespaceContents($name: String!) {
    namespace(name: $name) {
      id
      containers {
        name
        state
        locked
      }
      containerJobs {
        name
        state
        locked
      }
      privateRegistries {
        name
        state
        locked
      }
      volumes {
        name
        state
        locked
      }
      cloudDatabaseClusters {
        name
        state
        locked
      }
    }
  }
`);

export type NamespaceContents = ReturnType<typeof contentsOf>;

function contentsOf({
  containers,
  containerJobs,
  privateRegistries,
  volumes,
  cloudDatabaseClusters,
}: NamespaceContentsQuery['namespace']) {
  return {
    containers: containers ?? [],
    containerJobs,
    registries: privateRegistries,
    volumes: volumes ?? [],
    databaseClusters: cloudDatabaseClusters,
  };
}

export const allContents = (contents: NamespaceContents) => [
  ...contents.containers,
  ...contents.containerJobs,
  ...contents.registries,
  ...contents.volumes,
  ...contents.databaseClusters,
];

export const namespaceContentsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(name), 'contents'],
    queryFn: ({ signal }) =>
      platformRequest(namespaceContentsQuery, { name }, signal).then((data) => contentsOf(data.namespace)),
  });

/** Loaded while `enabled` (its delete dialog is open), and followed while something in it changes. */
export function useNamespaceContents(name: string, enabled: boolean) {
  return useQuery({
    ...namespaceContentsQueryOptions(name),
    enabled,
    refetchInterval: pollWhile((contents: NamespaceContents) => allContents(contents).some(isChanging)),
  });
}
