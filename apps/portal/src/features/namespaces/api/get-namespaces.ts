import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';
import { isChanging, pollIntervalMs } from './namespace-activity.ts';

const namespacesQuery = graphql(`
  query Namespaces {
    namespaces {
      id
      name
      description
      state
      locked
      createdAt
      containers {
        id
      }
      containerJobs {
        name
      }
      privateRegistries {
        id
      }
      volumes {
        id
      }
    }
  }
`);

export const namespacesQueryOptions = () =>
  queryOptions({
    queryKey: ['namespaces', 'list'],
    queryFn: ({ signal }) => platformRequest(namespacesQuery, {}, signal).then((data) => data.namespaces),
    // Refresh only while something is changing; TanStack Query pauses the interval in a hidden tab.
    refetchInterval: (query) => (query.state.data?.some(isChanging) ? pollIntervalMs : false),
  });

export function useNamespaces() {
  return useQuery(namespacesQueryOptions());
}
