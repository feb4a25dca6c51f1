import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import type { ContainerJobDetails } from '../api/get-container-job.ts';

type RunRow = ContainerJobDetails['runs'][number];

export const runColumns: readonly ResourceColumn<RunRow>[] = [
  { id: 'status', header: 'Status', cell: (run) => <StateChip state={run.status} /> },
  { id: 'start', header: 'Started', cell: (run) => formatDateTime(run.startTime) },
  { id: 'end', header: 'Ended', cell: (run) => formatDateTime(run.endTime), hideBelow: 'sm' },
  { id: 'duration', header: 'Duration', align: 'right', cell: (run) => formatDuration(run.duration) },
  { id: 'message', header: 'Message', cell: (run) => run.message || '—', hideBelow: 'md' },
];
