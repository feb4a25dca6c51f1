import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import type { ContainerDetails } from '../api/get-container.ts';

type ReplicaRow = ContainerDetails['replicas'][number];

export const replicaColumns: readonly ResourceColumn<ReplicaRow>[] = [
  { id: 'name', header: 'Replica', cell: (replica) => replica.name },
  { id: 'status', header: 'Status', cell: (replica) => <StateChip state={replica.status} /> },
  { id: 'message', header: 'Message', cell: (replica) => replica.statusMessage || '—', hideBelow: 'sm' },
];
