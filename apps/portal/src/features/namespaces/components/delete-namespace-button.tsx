import { useNavigate } from '@tanstack/react-router';
import { DeleteAction } from '../../../components/delete-action.tsx';
import { useDeleteNamespace } from '../api/delete-namespace.ts';

/** Deleting asks for the namespace's name to be typed, then returns to the list where it fades out. */
export function DeleteNamespaceButton({ name, disabled }: { name: string; disabled: boolean }) {
  const navigate = useNavigate();
  return (
    <DeleteAction
      kind="namespace"
      name={name}
      mutation={useDeleteNamespace()}
      variables={name}
      description="The namespace and everything in it will be removed. This cannot be undone."
      successMessage="Your namespace is being deleted"
      disabled={disabled}
      trigger="button"
      typeToConfirm
      onDeleted={() => void navigate({ to: '/compute/serverless-containers' })}
    />
  );
}
