import Typography from '@mui/material/Typography';
import type { ResourceColumn } from '../../../components/resource-table.tsx';
import { StateChip } from '../../../components/state-chip.tsx';
import { TruncatedName } from '../../../components/truncated-name.tsx';
import type { JobRunTrigger } from '../../../gql/graphql.ts';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import type { ContainerJobDetails } from '../api/get-container-job.ts';

type RunRow = ContainerJobDetails['runs'][number];

/** What started a run, in words. */
export const triggerText: Record<JobRunTrigger, string> = { SCHEDULE: 'Scheduled', MANUAL: 'Manual' };

export const runColumns: readonly ResourceColumn<RunRow>[] = [
  {
    id: 'run',
    header: 'Run',
    // The trigger under the name: a column of its own left the table too tight for its words at 1280 px.
    cell: (run) => (
      <>
        <TruncatedName name={run.name} />
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {triggerText[run.trigger]}
        </Typography>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (run) => <StateChip state={run.status} /> },
  { id: 'start', header: 'Started', cell: (run) => formatDateTime(run.startTime) },
  { id: 'end', header: 'Ended', cell: (run) => formatDateTime(run.endTime), hideBelow: 'sm' },
  // On a phone the name, status and start time fill the width.
  {
    id: 'duration',
    header: 'Duration',
    align: 'right',
    cell: (run) => formatDuration(run.duration),
    hideBelow: 'sm',
  },
  { id: 'message', header: 'Message', cell: (run) => run.message || '—', hideBelow: 'md' },
];
