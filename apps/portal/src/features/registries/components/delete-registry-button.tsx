import { DeleteAction } from '@/components/delete-action.tsx';
import { hasWorkloads, workloadGroups, type Workloads } from '@/components/workload/workload-groups.ts';
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
  const inUse = hasWorkloads(users);
  return (
    <DeleteAction
      kind="registry"
      name={name}
      mutation={useDeleteRegistry()}
      variables={{ namespace, name }}
      description={
        inUse
          ? `${name} is used by:`
          : 'The stored credentials are removed. Containers can no longer pull images through this registry.'
      }
      resources={workloadGroups(namespace, users)}
      blocker={
        inUse
          ? 'A registry can be removed once nothing pulls through it: change the registry of each of these, or delete them, first.'
          : undefined
      }
      refreshOnOpen={registriesQueryOptions(namespace).queryKey}
      successMessage={`Registry ${name} is being removed`}
      disabled={disabled}
      trigger="icon"
      errorsInDialog
    />
  );
}
