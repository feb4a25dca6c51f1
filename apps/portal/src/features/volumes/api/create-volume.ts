import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { VolumeCreateInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { volumeRowFragment } from './volume-fragments.ts';

const createVolumeMutation = withFragments(
  graphql(`
    mutation VolumeCreate($input: VolumeCreateInput!) {
      volumeCreate(volumeInput: $input) {
        ...VolumeRow
      }
    }
  `),
  volumeRowFragment,
);

export function useCreateVolume() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is shown on the form's fields (useServerRefusal).
    meta: { inlineErrors: true },
    mutationFn: (input: VolumeCreateInput) =>
      platformRequest(createVolumeMutation, { input }).then((data) => data.volumeCreate),
    onSuccess: (_created, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
  });
}
