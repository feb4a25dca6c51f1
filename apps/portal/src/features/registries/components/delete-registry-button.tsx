import { DeleteAction } from '../../../components/delete-action.tsx';
import { useDeleteRegistry } from '../api/delete-registry.ts';

/** Asks first; when containers still use the registry, the dialog shows the platform's message naming them. */
export function DeleteRegistryButton({
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
      kind="registry"
      name={name}
      mutation={useDeleteRegistry()}
      variables={{ namespace, name }}
      description="The stored credentials are removed. Containers can no longer pull images through this registry."
      successMessage={`Registry ${name} is being removed`}
      disabled={disabled}
      trigger="icon"
      errorsInDialog
    />
  );
}
