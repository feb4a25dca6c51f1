import { createDeleteSharedResourceButton } from '@/components/workload/delete-shared-resource-button.tsx';
import { useDeleteRegistry } from '../api/delete-registry.ts';
import { registriesQueryOptions } from '../api/get-registries.ts';

/** Asks first, unless containers or jobs still pull through the registry: then the dialog names them instead. */
export const DeleteRegistryButton = createDeleteSharedResourceButton(
  'registry',
  useDeleteRegistry,
  registriesQueryOptions,
);
