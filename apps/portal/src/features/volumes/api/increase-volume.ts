import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import type { VolumeModifyInput } from '@/gql/graphql.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { volumeRowFragment } from './volume-fragments.ts';

const increaseVolumeMutation = withFragments(
  graphql(`
    mutation VolumeIncrease($input: VolumeModifyInput!) {
      volumeIncrease(volumeInput: $input) {
        ...VolumeRow
      }
    }
  `),
  volumeRowFragment,
);

/** Volumes only grow (API.md). */
export function useIncreaseVolume() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is shown on the form's fields (useServerRefusal).
    meta: { inlineErrors: true },
    mutationFn: (input: VolumeModifyInput) =>
      platformRequest(increaseVolumeMutation, { input }).then((data) => data.volumeIncrease),
    onSuccess: (_increased, input) =>
      queryClient.invalidateQueries({ queryKey: namespaceScopeKey(input.namespace) }),
  });
}
