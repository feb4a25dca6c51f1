import { linkOptions } from '@tanstack/react-router';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { TruncatedName } from '@/components/truncated-name.tsx';
import { formatDateTime, formatDuration } from '@/lib/format.ts';
import type { ContainerJobRunDetails } from '../api/get-container-job.ts';
import { RunTrigger } from './run-trigger.tsx';

type RunRow = ContainerJobRunDetails;

/** The columns of a job's runs; each run's name leads to its page. */
export function runColumns(
  namespaceName: string,
  containerJobName: string,
): readonly ResourceColumn<RunRow>[] {
  return [
    {
      id: 'run',
      header: 'Run',
      // Room for a manual run's whole name (`{job}-manual-{5}`) on wide screens; cut with its tooltip below.
      minWidth: { lg: '14rem' },
      // The trigger under the name: a column of its own left the table too tight for its words at 1280 px.
      cell: (run) => (
        <>
          <TruncatedName
            name={run.name}
            link={linkOptions({
              to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/runs/$runName',
              params: { namespaceName, containerJobName, runName: run.name },
            })}
          />
          <RunTrigger trigger={run.trigger} variant="body2" color="text.secondary" />
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
}
