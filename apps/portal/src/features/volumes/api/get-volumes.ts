import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';
import { namespaceScopeKey } from '../../../lib/query-keys.ts';
import { isChanging, pollIntervalMs } from './volume-activity.ts';

const namespaceVolumesQuery = graphql(`
  query NamespaceVolumes($namespace: String!) {
    namespace(name: $namespace) {
      id
      volumes {
        id
        name
        size
        usage
        state
        locked
        containers {
          id
          name
        }
        containerJobs {
          name
        }
      }
    }
  }
`);

export const volumesQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'volumes'],
    queryFn: ({ signal }) =>
      platformRequest(namespaceVolumesQuery, { namespace }, signal).then(
        (data) => data.namespace.volumes ?? [],
      ),
    // Refresh only while a volume is changing; TanStack Query pauses the interval in a hidden tab.
    refetchInterval: (query) => (query.state.data?.some(isChanging) ? pollIntervalMs : false),
  });

export function useVolumes(namespace: string) {
  return useQuery(volumesQueryOptions(namespace));
}

/** One volume of the namespace, by name: the same request as the list, so the list's data serves it. */
export function useVolume(namespace: string, name: string) {
  return useQuery({
    ...volumesQueryOptions(namespace),
    select: (volumes) => volumes.find((volume) => volume.name === name) ?? null,
  });
}
