import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  mdiAlertCircleOutline,
  mdiAlertOutline,
  mdiArrowUpDown,
  mdiCheckCircleOutline,
  mdiDeleteOutline,
  mdiEyeOutline,
  mdiFlagCheckered,
  mdiHarddiskPlus,
  mdiHistory,
  mdiInformationOutline,
  mdiPencilOutline,
  mdiPlay,
  mdiPlayCircleOutline,
  mdiPlusCircleOutline,
  mdiRocketLaunchOutline,
  mdiStopCircleOutline,
} from '@mdi/js';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ResourceEventKind } from '../gql/graphql.ts';
import { ChangeDiff } from './change-diff.tsx';
import { Deferred } from './deferred.tsx';
import { diffLines, type ChangeSetEntry } from './change-lines.ts';
import { EmptyState } from './empty-state.tsx';
import { LoadError } from './load-error.tsx';
import { MdiIcon } from './mdi-icon.tsx';
import { RelativeTime } from './relative-time.tsx';
import { Section } from './section.tsx';

/** One event as the overviews ask for it (the ResourceEventRow fragment, resource-events-query.ts). */
export interface ResourceEventItem {
  id: string;
  /** Where the next page, of older events, starts. */
  cursor: string;
  occurredAt: string;
  type: string;
  message: string;
  account?: { email: string } | null;
  changeSet: readonly ChangeSetEntry[];
}

/** How many events an overview asks for at a time. */
export const overviewEventsLimit = 20;

/** While nothing changes, the events still refresh at this pace: replicas stop and runs start on their own. */
export const quietEventsIntervalMs = 30_000;

interface EventKind {
  label: string;
  icon: string;
  tone: 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info';
}

// By the type's name rather than a record of the generated enum: a type the platform adds later still shows,
// under its own name, in a portal built before it.
const eventKinds: Partial<Record<string, EventKind>> = {
  CREATED: { label: 'Created', icon: mdiPlusCircleOutline, tone: 'primary' },
  CHANGED: { label: 'Changed', icon: mdiPencilOutline, tone: 'primary' },
  DELETED: { label: 'Deleted', icon: mdiDeleteOutline, tone: 'warning' },
  REVEALED: { label: 'Credentials revealed', icon: mdiEyeOutline, tone: 'warning' },
  DEPLOY_STARTED: { label: 'Deploy started', icon: mdiRocketLaunchOutline, tone: 'info' },
  DEPLOY_FINISHED: { label: 'Deploy finished', icon: mdiCheckCircleOutline, tone: 'success' },
  DEPLOY_FAILED: { label: 'Deploy failed', icon: mdiAlertCircleOutline, tone: 'error' },
  REPLICA_STARTED: { label: 'Replica started', icon: mdiPlayCircleOutline, tone: 'default' },
  REPLICA_STOPPED: { label: 'Replica stopped', icon: mdiStopCircleOutline, tone: 'default' },
  REPLICA_FAILED: { label: 'Replica failed', icon: mdiAlertCircleOutline, tone: 'error' },
  SCALED: { label: 'Scaled', icon: mdiArrowUpDown, tone: 'info' },
  RUN_STARTED: { label: 'Run started', icon: mdiPlay, tone: 'default' },
  RUN_FINISHED: { label: 'Run finished', icon: mdiFlagCheckered, tone: 'default' },
  VOLUME_GROWN: { label: 'Volume grown', icon: mdiHarddiskPlus, tone: 'info' },
  STOPPED_UNPAID: { label: 'Stopped: plan unpaid', icon: mdiStopCircleOutline, tone: 'error' },
  STARTED_PAID: { label: 'Started: plan paid', icon: mdiPlayCircleOutline, tone: 'success' },
  PLAN_CHANGED: { label: 'Plan changed', icon: mdiArrowUpDown, tone: 'info' },
  RUNTIME_WARNING: { label: 'Warning', icon: mdiAlertOutline, tone: 'warning' },
};

/** `Replica failed` for `REPLICA_FAILED`, with its icon and colour. */
const kindOf = (type: string): EventKind =>
  eventKinds[type] ?? {
    label: type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' '),
    icon: mdiInformationOutline,
    tone: 'default',
  };

function EventEntry({ event, now }: { event: ResourceEventItem; now: Date }) {
  const [open, setOpen] = useState(false);
  const changesId = useId();
  const kind = kindOf(event.type);
  const lines = diffLines(event.changeSet);
  return (
    <Stack
      component="li"
      spacing={0.5}
      sx={{ py: 1.5, minWidth: 0, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 1.5 }}
        sx={{ alignItems: { sm: 'center' }, minWidth: 0 }}
      >
        <Chip
          size="small"
          variant="outlined"
          color={kind.tone}
          icon={<MdiIcon path={kind.icon} />}
          label={kind.label}
          sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
        />
        <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {event.message}
          {event.account && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              by {event.account.email}
            </Typography>
          )}
        </Typography>
        <RelativeTime at={event.occurredAt} now={now} />
      </Stack>
      {lines.length > 0 && (
        <div>
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={open ? changesId : undefined}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide changes' : `Show changes (${lines.length})`}
          </Button>
          {open && (
            <div id={changesId}>
              <ChangeDiff lines={lines} />
            </div>
          )}
        </div>
      )}
    </Stack>
  );
}

const loadingEvents = (
  <Stack spacing={1} aria-label="Loading events">
    {[0, 1, 2].map((row) => (
      <Skeleton key={row} height={32} />
    ))}
  </Stack>
);

/** The kind of events shown: all, or one of the API's kinds. */
export type EventKindFilter = ResourceEventKind | 'ALL';

const kindFilters: { value: EventKindFilter; label: string }[] = [
  { value: 'ALL', label: 'All events' },
  { value: 'DEPLOYS', label: 'Deploys' },
  { value: 'SCALING', label: 'Scaling' },
  { value: 'FAILURES', label: 'Failures' },
  { value: 'RUNS', label: 'Runs' },
  { value: 'CHANGES', label: 'Changes' },
];

/** What an Events section shows and changes (resource-events-query.ts): the pages read so far, the kind picked. */
export interface ResourceEventsState {
  query: UseInfiniteQueryResult<InfiniteData<readonly ResourceEventItem[]>>;
  kind: EventKindFilter;
  setKind: (kind: EventKindFilter) => void;
}

/**
 * The resource's events (deploys, replicas, scaling, runs, and who changed what), newest first, in a section of
 * the overview: of one kind if picked, older ones a page at a time. Refreshed with the resource: whenever the
 * overview's query of it has newer data than the events (it polls while the resource changes), and at a slow
 * pace otherwise.
 */
export function ResourceEvents({
  events,
  resourceUpdatedAt,
  empty,
}: {
  events: ResourceEventsState;
  /** What shows up here, said while nothing has yet. */
  empty: string;
  /** When the overview last loaded the resource (its query's `dataUpdatedAt`). */
  resourceUpdatedAt: number;
}) {
  const { query, kind, setKind } = events;
  const { data, isPending, isError, isFetching, refetch } = query;
  // Times are said as of the last refresh (at least every half minute): lib/use-now's own timer would put it
  // in a chunk of its own beside the cron editor on the job's configure route, at the edge of its budget.
  const now = new Date(query.dataUpdatedAt);
  // A failed fetch counts as an answer too: it is retried at the next newer resource, not at once in a loop.
  const answeredAt = Math.max(query.dataUpdatedAt, query.errorUpdatedAt);
  useEffect(() => {
    if (!isFetching && resourceUpdatedAt > answeredAt) void refetch();
  }, [resourceUpdatedAt, answeredAt, isFetching, refetch]);
  const shown = data?.pages.flat() ?? [];

  return (
    <Section title="Events" description="What happened, newest first; kept for 31 days.">
      <TextField
        select
        label="Show"
        size="small"
        value={kind}
        onChange={(event) => setKind(event.target.value as EventKindFilter)}
        sx={{ mt: 2, mb: 1, width: { xs: '100%', sm: 220 } }}
      >
        {kindFilters.map((filter) => (
          <MenuItem key={filter.value} value={filter.value}>
            {filter.label}
          </MenuItem>
        ))}
      </TextField>
      {isPending ? (
        loadingEvents
      ) : isError ? (
        <LoadError title="The events could not be loaded" onRetry={refetch} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={mdiHistory}
          title={kind === 'ALL' ? 'No events yet' : 'No events of this kind'}
          description={kind === 'ALL' ? empty : 'Pick another kind to see what else happened.'}
        />
      ) : (
        // The first list renders in slices after the answer (the placeholder stays meanwhile), not as one task.
        <Deferred fallback={loadingEvents}>
          <Stack component="ol" aria-label="Events" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((event) => (
              <EventEntry key={event.id} event={event} now={now} />
            ))}
          </Stack>
          {query.hasNextPage && (
            <Button
              variant="outlined"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
              sx={{ mt: 1 }}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show older events'}
            </Button>
          )}
        </Deferred>
      )}
    </Section>
  );
}
