import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import type { JobRunTrigger } from '../../../gql/graphql.ts';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import type { ContainerJobDetails } from '../api/get-container-job.ts';

type RunRow = ContainerJobDetails['runs'][number];

/** What started a run, in words. */
export const triggerText: Record<JobRunTrigger, string> = { SCHEDULE: 'Schedule', MANUAL: 'Manual' };

export const runColumns: readonly ResourceColumn<RunRow>[] = [
  { id: 'name', header: 'Run', cell: (run) => run.name },
  { id: 'trigger', header: 'Trigger', cell: (run) => triggerText[run.trigger] },
  { id: 'status', header: 'Status', cell: (run) => <StateChip state={run.status} /> },
  { id: 'start', header: 'Started', cell: (run) => formatDateTime(run.startTime) },
  { id: 'end', header: 'Ended', cell: (run) => formatDateTime(run.endTime), hideBelow: 'sm' },
  { id: 'duration', header: 'Duration', align: 'right', cell: (run) => formatDuration(run.duration) },
  { id: 'message', header: 'Message', cell: (run) => run.message || '—', hideBelow: 'md' },
];
