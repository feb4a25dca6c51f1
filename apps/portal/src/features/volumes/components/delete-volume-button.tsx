import { DeleteAction } from '../../../components/delete-action.tsx';
import { useDeleteVolume } from '../api/delete-volume.ts';

/** Asks for the name; when containers still mount the volume, the dialog shows the platform's message naming them. */
export function DeleteVolumeButton({
  namespace,
  name,
  disabled,
}: {
  namespace: string;
  name: string;
  disabled: boolean;
}) {
  return (
    <DeleteAction
      kind="volume"
      name={name}
      mutation={useDeleteVolume()}
      variables={{ namespace, name }}
      description="The volume and all data on it are removed. This cannot be undone."
      successMessage={`Volume ${name} is being deleted`}
      disabled={disabled}
      trigger="icon"
      typeToConfirm
      errorsInDialog
    />
  );
}
