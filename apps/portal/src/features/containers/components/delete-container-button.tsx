import { useNavigate } from '@tanstack/react-router';
import { DeleteAction } from '@/components/delete-action.tsx';
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
  const navigate = useNavigate();
  return (
    <DeleteAction
      kind="container"
      name={name}
      mutation={useDeleteContainer()}
      variables={{ namespace, name }}
      description="Its replicas stop and its web addresses stop answering. Mounted volumes and their data are kept. This cannot be undone."
      successMessage={`Your container ${name} is being deleted`}
      disabled={disabled}
      trigger="button"
      typeToConfirm
      onDeleted={() =>
        void navigate({
          to: '/compute/serverless-containers/$namespaceName/containers',
          params: { namespaceName: namespace },
        })
      }
    />
  );
}
