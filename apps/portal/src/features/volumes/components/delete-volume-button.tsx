import { DeleteSharedResourceButton } from '@/components/workload/delete-shared-resource-button.tsx';
import type { Workloads } from '@/components/workload/workload-groups.ts';
import { useDeleteVolume } from '../api/delete-volume.ts';
import { volumesQueryOptions } from '../api/get-volumes.ts';

/**
 * Asks for the name, unless containers or jobs still mount the volume: the platform refuses that, so the
 * dialog names them, with links, instead of asking.
 */
export function DeleteVolumeButton({
  namespace,
  name,
  users,
  disabled,
}: {
  namespace: string;
  name: string;
  /** What mounts the volume, from the volume list, which is refreshed when the dialog opens. */
  users: Workloads;
  disabled: boolean;
}) {
  return (
    <DeleteSharedResourceButton
      kind="volume"
      namespace={namespace}
      name={name}
      users={users}
      mutation={useDeleteVolume()}
      refreshOnOpen={volumesQueryOptions(namespace).queryKey}
      usedBy="is mounted by"
      description="The volume and all data on it are removed. This cannot be undone."
      blocker="A volume can be deleted once nothing mounts it: remove the mount from each of these, or delete them, first."
      successMessage={`Volume ${name} is being deleted`}
      typeToConfirm
      disabled={disabled}
    />
  );
}
