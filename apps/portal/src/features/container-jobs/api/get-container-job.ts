import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { ContainerJobDetailsFragment } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile, resourcePageStaleTimeMs } from '@/lib/resource-activity.ts';
import { containerJobDetailsFragment } from './container-job-fragments.ts';

const containerJobQuery = withFragments(
  graphql(`
    query ContainerJob($namespace: String!, $name: String!) {
      containerJob(namespace: $namespace, name: $name) {
        ...ContainerJobDetails
      }
    }
  `),
  containerJobDetailsFragment,
);

export type ContainerJobDetails = ContainerJobDetailsFragment;

/**
 * Every job of a namespace, the list's key (get-container-jobs.ts). Kept here beside the job's own key: the
 * job's page refreshes the list after deleting the job without loading the list's query.
 */
export const containerJobsQueryKey = (namespace: string) =>
  [...namespaceScopeKey(namespace), 'container-jobs'] as const;

export const containerJobQueryKey = (namespace: string, name: string) =>
  [...namespaceScopeKey(namespace), 'container-job', name] as const;

export const containerJobQueryOptions = (namespace: string, name: string) =>
  queryOptions({
    queryKey: containerJobQueryKey(namespace, name),
    queryFn: ({ signal }) =>
      platformRequest(containerJobQuery, { namespace, name }, signal).then((data) => data.containerJob),
    refetchInterval: pollWhile(isChanging),
    staleTime: resourcePageStaleTimeMs,
    // A missing job is shown on the page itself, not as an error message on top of it.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

export function useContainerJob(namespace: string, name: string) {
  return useQuery(containerJobQueryOptions(namespace, name));
}

export type ContainerJobRunDetails = ContainerJobDetails['runs'][number];
