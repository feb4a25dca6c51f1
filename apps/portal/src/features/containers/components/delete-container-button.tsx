import { DeleteWorkloadButton } from '@/components/workload/delete-workload-button.tsx';
import { useDeleteContainer } from '../api/delete-container.ts';

/** Deleting asks for the container's name to be typed, then returns to the namespace's containers. */
export function DeleteContainerButton({
  namespace,
  name,
  disabled,
}: {
  namespace: string;
  name: string;
  disabled: boolean;
}) {
  return (
    <DeleteWorkloadButton
      kind="container"
      namespace={namespace}
      name={name}
      mutation={useDeleteContainer()}
      description="Its replicas stop and its web addresses stop answering. Mounted volumes and their data are kept. This cannot be undone."
      disabled={disabled}
    />
  );
}
