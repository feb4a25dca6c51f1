import { createDeleteSharedResourceButton } from '@/components/workload/delete-shared-resource-button.tsx';
import { useDeleteVolume } from '../api/delete-volume.ts';
import { volumesQueryOptions } from '../api/get-volumes.ts';

/** Asks for the name, unless containers or jobs still mount the volume: then the dialog names them instead. */
export const DeleteVolumeButton = createDeleteSharedResourceButton(
  'volume',
  useDeleteVolume,
  volumesQueryOptions,
);
