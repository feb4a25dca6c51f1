import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';

const deleteVolumeMutation = graphql(`
  mutation VolumeDelete($namespace: String!, $name: String!) {
    volumeDelete(volume: { namespace: $namespace, name: $name })
  }
`);

export function useDeleteVolume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (volume: { namespace: string; name: string }) =>
      platformRequest(deleteVolumeMutation, volume),
    onSuccess: (_deleted, volume) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(volume.namespace) }),
    // The confirmation dialog shows why not, such as the containers that still mount the volume.
    meta: { inlineErrors: true },
  });
}
