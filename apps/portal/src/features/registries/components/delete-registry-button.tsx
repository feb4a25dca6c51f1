import { DeleteSharedResourceButton } from '@/components/workload/delete-shared-resource-button.tsx';
import type { Workloads } from '@/components/workload/workload-groups.ts';
import { useDeleteRegistry } from '../api/delete-registry.ts';
import { registriesQueryOptions } from '../api/get-registries.ts';

/**
 * Asks first, unless containers or jobs still pull through the registry: the platform refuses that, so the
 * dialog names them, with links, instead of asking.
 */
export function DeleteRegistryButton({
  namespace,
  name,
  users,
  disabled,
}: {
  namespace: string;
  name: string;
  /** What pulls through the registry, from the registry list, which is refreshed when the dialog opens. */
  users: Workloads;
  disabled: boolean;
}) {
  return (
    <DeleteSharedResourceButton
      kind="registry"
      namespace={namespace}
      name={name}
      users={users}
      mutation={useDeleteRegistry()}
      refreshOnOpen={registriesQueryOptions(namespace).queryKey}
      usedBy="is used by"
      description="The stored credentials are removed. Containers can no longer pull images through this registry."
      blocker="A registry can be removed once nothing pulls through it: change the registry of each of these, or delete them, first."
      successMessage={`Registry ${name} is being removed`}
      disabled={disabled}
    />
  );
}
