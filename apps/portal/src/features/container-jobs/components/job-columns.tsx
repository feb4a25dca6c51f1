import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { nextRuns } from '@berth/cron';
import type { UseQueryResult } from '@tanstack/react-query';
import { runHourPrice, type PriceList } from '@/components/pricing/price-list.ts';
import { priceCell } from '@/components/pricing/price-text.tsx';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import type { NamespaceContainerJobsQuery } from '@/gql/graphql.ts';
import { formatDateTime } from '@/lib/format.ts';
import { formatMoney } from '@/lib/money.ts';
import { EnabledSwitch } from './enabled-switch.tsx';
import { ScheduleText } from './schedule-text.tsx';

export type JobRow = NamespaceContainerJobsQuery['namespace']['containerJobs'][number];

/** The next time the schedule runs after `now` (read in UTC); none while it is off. */
function nextRun(job: Pick<JobRow, 'schedule' | 'enabled'>, now: Date): Date | undefined {
  return job.enabled ? nextRuns(job.schedule, { count: 1, timezone: 'UTC', from: now })?.[0] : undefined;
}

/** The next run in the customer's time zone. */
function nextRunText(job: Pick<JobRow, 'schedule' | 'enabled'>, now: Date): string {
  if (!job.enabled) return 'Not scheduled';
  const next = nextRun(job, now);
  return next ? formatDateTime(next) : '—';
}

/**
 * After the name: what runs when, whether the schedule is on, how the last run went, the next, and what an hour
 * of a run costs (how long runs take is not known, so no monthly figure).
 */
export function jobColumns(
  namespaceName: string,
  now: Date,
  priceList: UseQueryResult<PriceList>,
): readonly ResourceColumn<JobRow>[] {
  return [
    {
      id: 'schedule',
      header: 'Schedule',
      cell: (job) => <ScheduleText schedule={job.schedule} />,
    },
    {
      id: 'enabled',
      header: 'Enabled',
      cell: (job) => <EnabledSwitch namespace={namespaceName} job={job} />,
    },
    {
      id: 'last-run',
      header: 'Last run',
      hideBelow: 'sm',
      value: ({ runs: [last] }) => last?.startTime ?? '',
      cell: ({ runs: [last] }) =>
        last ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <StateChip state={last.status} />
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(last.startTime)}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Never run
          </Typography>
        ),
    },
    {
      id: 'next-run',
      header: 'Next run',
      hideBelow: 'md',
      // Jobs that will not run sort last.
      value: (job) => nextRun(job, now)?.getTime() ?? Number.MAX_SAFE_INTEGER,
      cell: (job) => nextRunText(job, now),
    },
    {
      id: 'cost',
      header: 'Per run-hour',
      align: 'right',
      // A secondary figure, like the next run: below 900 px the name and schedule need the room.
      hideBelow: 'md',
      value: (job) => (priceList.data && runHourPrice(priceList.data, job.resources)?.amountCents) ?? -1,
      cell: (job) =>
        priceCell(priceList, (prices) => {
          const price = runHourPrice(prices, job.resources);
          return price && formatMoney(price, { precise: true });
        }),
    },
  ];
}
