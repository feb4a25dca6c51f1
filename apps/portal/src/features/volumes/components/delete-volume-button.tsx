import { DeleteAction } from '@/components/delete-action.tsx';
import { hasWorkloads, workloadGroups, type Workloads } from '@/components/workload/workload-groups.ts';
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
  const inUse = hasWorkloads(users);
  return (
    <DeleteAction
      kind="volume"
      name={name}
      mutation={useDeleteVolume()}
      variables={{ namespace, name }}
      description={
        inUse ? `${name} is mounted by:` : 'The volume and all data on it are removed. This cannot be undone.'
      }
      resources={workloadGroups(namespace, users)}
      blocker={
        inUse
          ? 'A volume can be deleted once nothing mounts it: remove the mount from each of these, or delete them, first.'
          : undefined
      }
      refreshOnOpen={volumesQueryOptions(namespace).queryKey}
      successMessage={`Volume ${name} is being deleted`}
      disabled={disabled}
      trigger="icon"
      typeToConfirm
      errorsInDialog
    />
  );
}
