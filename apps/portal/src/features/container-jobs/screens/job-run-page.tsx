import { useEffect, useState, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiMagnify, mdiStopCircleOutline } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { ConfirmedAction } from '@/components/confirmed-action.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { NameWithState } from '@/components/resource-page-parts.tsx';
import { ButtonLink } from '@/components/router-links.tsx';
import { Section } from '@/components/section.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { formatDateTime, formatDuration } from '@/lib/format.ts';
import { useContainerJob, type ContainerJobRunDetails } from '../api/get-container-job.ts';
import { useStopContainerJobRun } from '../api/stop-container-job-run.ts';
import { RunTrigger } from '../components/run-trigger.tsx';

const route = getRouteApi(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/runs/$runName',
);

const secondMs = 1000;

/** Waiting to start or running: its page follows it (the job's query polls meanwhile, its duration counts). */
export function isRunActive(run: Pick<ContainerJobRunDetails, 'status'>): boolean {
  return ['pending', 'running'].includes(run.status.toLowerCase());
}

/** A run the job does not have (any more: it keeps its last 100), with the way to those it has. */
function RunNotFound() {
  const { namespaceName, containerJobName, runName } = route.useParams();
  return (
    <EmptyState
      icon={mdiMagnify}
      title="Run not found"
      description={`Container job ${containerJobName} has no run called “${runName}”. A job keeps its last 100 runs.`}
      action={
        <ButtonLink
          to="/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview"
          params={{ namespaceName, containerJobName }}
          variant="contained"
        >
          Show its runs
        </ButtonLink>
      }
    />
  );
}

/**
 * Seconds since `start`, counted anew each second while `counting`. Its own clock rather than lib/use-now: that
 * module lives in the cron editor's chunk, which the job's configure route shares, and importing it here too
 * would split it into a file of its own on that route (budget: bench/bundle-size).
 */
function useSecondsSince(start: string | null | undefined, counting: boolean): number | null {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), secondMs);
    return () => clearInterval(timer);
  }, [counting]);
  return start ? (now - new Date(start).getTime()) / secondMs : null;
}

/** Ended, or for how long it has run so far. */
function useRunDuration(run: ContainerJobRunDetails): number | null {
  const active = isRunActive(run);
  const elapsed = useSecondsSince(run.startTime, active);
  return run.duration ?? (active ? elapsed : null);
}

function RunFacts({ run, retries }: { run: ContainerJobRunDetails; retries: number }) {
  const duration = useRunDuration(run);
  const active = isRunActive(run);
  // Said where a run can have more than one: the job retries, or it did when this run started.
  const attempts =
    retries > 0 || run.attempts > 1
      ? [{ term: 'Attempts', value: run.attempts === 0 ? 'None yet' : `${run.attempts} of ${retries + 1}` }]
      : [];
  return (
    <FactsList
      facts={[
        { term: 'Trigger', value: <RunTrigger trigger={run.trigger} /> },
        { term: 'Started', value: run.startTime ? formatDateTime(run.startTime) : 'Not yet' },
        { term: 'Ended', value: run.endTime ? formatDateTime(run.endTime) : active ? 'Not yet' : '—' },
        { term: 'Duration', value: formatDuration(duration) },
        ...attempts,
        { term: 'Message', value: run.message || '—' },
      ]}
    />
  );
}

/**
 * Stops the run while it waits or runs, after asking. `stop` belongs to the page: this button goes once the run
 * has ended, which the platform says before the mutation's own callbacks run.
 */
function StopRunButton({
  namespace,
  job,
  run,
  stop,
}: {
  namespace: string;
  job: string;
  run: string;
  stop: ReturnType<typeof useStopContainerJobRun>;
}) {
  return (
    <ConfirmedAction
      label="Stop run"
      icon={mdiStopCircleOutline}
      title={`Stop run ${run}?`}
      description="Its command is killed now and the run ends failed, saying you stopped it. The job's schedule is not changed."
      confirmLabel="Stop run"
      mutation={stop}
      variables={() => ({ namespace, name: job, run })}
      onDone={() => showSnackbar(`Run ${run} stopped`, 'success')}
    />
  );
}

/**
 * One run of a container job, below the job's heading and tabs (the layout has loaded the job, and says when it
 * cannot): its status, timing, what started it and its message, followed while it waits or runs; and its log,
 * which the route brings (`log`, given the run) from the logs feature.
 */
export function JobRunPage({ log }: { log?: (run: ContainerJobRunDetails) => ReactNode }) {
  const { namespaceName, containerJobName, runName } = route.useParams();
  const { data: job } = useContainerJob(namespaceName, containerJobName);
  const stop = useStopContainerJobRun();
  if (!job) return null;
  const run = job.runs.find((candidate) => candidate.name === runName);
  if (!run) return <RunNotFound />;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <div>
          <Typography variant="overline" color="text.secondary">
            Run
          </Typography>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
            <NameWithState name={run.name} state={run.status} />
          </Typography>
        </div>
        {isRunActive(run) && (
          <StopRunButton namespace={namespaceName} job={containerJobName} run={run.name} stop={stop} />
        )}
      </Stack>
      <Section title="Details">
        <RunFacts run={run} retries={job.retries} />
      </Section>
      {log && <Section title="Log">{log(run)}</Section>}
    </Stack>
  );
}
