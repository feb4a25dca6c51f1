import type { ResourceColumn } from '@/components/resource-table.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import type { ContainerDetails } from '../api/get-container.ts';

type ReplicaRow = ContainerDetails['replicas'][number];

const nameColumn: ResourceColumn<ReplicaRow> = {
  id: 'name',
  header: 'Replica',
  cell: (replica) => replica.name,
};
const imageColumn: ResourceColumn<ReplicaRow> = {
  id: 'image',
  header: 'Image',
  cell: (replica) => replica.image,
};
const otherColumns: readonly ResourceColumn<ReplicaRow>[] = [
  { id: 'status', header: 'Status', cell: (replica) => <StateChip state={replica.status} /> },
  { id: 'message', header: 'Message', cell: (replica) => replica.statusMessage || '—', hideBelow: 'sm' },
];

/**
 * Whether the replicas table names each replica's image: when they run different ones (a rolling update's
 * new replicas beside the old), or all run another than the container's (a change not yet rolled out).
 */
export const imagesDiffer = (container: Pick<ContainerDetails, 'image' | 'replicas'>) =>
  container.replicas.some((replica) => replica.image !== container.image);

export function replicaColumns(showImage: boolean): readonly ResourceColumn<ReplicaRow>[] {
  return showImage ? [nameColumn, imageColumn, ...otherColumns] : [nameColumn, ...otherColumns];
}
