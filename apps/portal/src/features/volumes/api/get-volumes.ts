import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { isChanging, pollWhile } from '@/lib/resource-activity.ts';
import { volumeRowFragment } from './volume-fragments.ts';

const namespaceVolumesQuery = withFragments(
  graphql(`
    query NamespaceVolumes($namespace: String!) {
      namespace(name: $namespace) {
        id
        volumes {
          ...VolumeRow
        }
      }
    }
  `),
  volumeRowFragment,
);

export const volumesQueryOptions = (namespace: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'volumes'],
    queryFn: ({ signal }) =>
      platformRequest(namespaceVolumesQuery, { namespace }, signal).then(
        (data) => data.namespace.volumes ?? [],
      ),
  });

/** One volume of the namespace, by name: the same request as the list, so the list's data serves it. */
export function useVolume(namespace: string, name: string) {
  return useQuery({
    ...volumesQueryOptions(namespace),
    select: (volumes) => volumes.find((volume) => volume.name === name) ?? null,
    refetchInterval: pollWhile((volumes) =>
      volumes.some((volume) => volume.name === name && isChanging(volume)),
    ),
  });
}
