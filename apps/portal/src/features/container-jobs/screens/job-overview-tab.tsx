import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { mdiHistory } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { NextRuns } from '@/components/cron-editor/index.ts';
import { EmptyState } from '@/components/empty-state.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { Section } from '@/components/section.tsx';
import { TableSection } from '@/components/table-section.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { formatResources } from '@/components/workload/resources.ts';
import {
  ArgumentsText,
  registryText,
  WorkloadEvents,
  WorkloadOverview,
} from '@/components/workload/workload-details.tsx';
import { customerLocale, customerTimeZone } from '@/lib/format.ts';
import { useContainerJob } from '../api/get-container-job.ts';
import { useContainerJobEvents } from '../api/get-container-job-events.ts';
import { runColumns } from '../components/run-columns.tsx';
import { ScheduleText } from '../components/schedule-text.tsx';

const route = getRouteApi(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
);

/** The job's events, asked for in a component of their own: their answer re-renders this section alone. */
function JobEvents({ resourceUpdatedAt }: { resourceUpdatedAt: number }) {
  const { namespaceName, containerJobName } = route.useParams();
  const events = useContainerJobEvents(namespaceName, containerJobName);
  return <WorkloadEvents kind="job" events={events} resourceUpdatedAt={resourceUpdatedAt} />;
}

/** Everything about the job at a glance; the layout around it has loaded it (same query). */
export function JobOverviewTab() {
  const { namespaceName, containerJobName } = route.useParams();
  const { data: job, dataUpdatedAt } = useContainerJob(namespaceName, containerJobName);
  const columns = useMemo(
    () => runColumns(namespaceName, containerJobName),
    [namespaceName, containerJobName],
  );
  if (!job) return null;

  const facts = [
    { term: 'State', value: <StateChip state={job.state} /> },
    { term: 'Image', value: job.image },
    { term: 'Registry', value: registryText(job.privateRegistry) },
    { term: 'Size', value: `${formatResources(job.resources)} per run` },
    { term: 'Entrypoint', value: <ArgumentsText args={job.entrypoint} /> },
    { term: 'Command', value: <ArgumentsText args={job.command} /> },
  ];

  return (
    <WorkloadOverview kind="job" workload={job} events={<JobEvents resourceUpdatedAt={dataUpdatedAt} />}>
      <Section title="Schedule">
        <div>
          <ScheduleText schedule={job.schedule} variant="body1" />
        </div>
        {job.enabled ? (
          // Computed in UTC, as the platform runs it; written in the customer's time.
          <NextRuns
            expression={job.schedule}
            locale={customerLocale()}
            timezone="UTC"
            displayTimezone={customerTimeZone()}
          />
        ) : (
          <Typography color="text.secondary">
            The schedule is off: the job runs only when you run it now. Turn it on in the list of jobs or in
            Configure.
          </Typography>
        )}
      </Section>

      <TableSection
        title="Runs"
        description="The newest first; the last 100 are kept."
        columns={columns}
        rows={job.runs}
        rowKey={(run) => run.name}
        empty={
          <EmptyState
            icon={mdiHistory}
            title="No runs yet"
            description={
              job.enabled
                ? 'Runs appear here when the schedule starts one, or when you run the job now.'
                : 'Runs appear here when you run the job now.'
            }
          />
        }
      />

      <Section title="Details">
        <FactsList facts={facts} />
      </Section>
    </WorkloadOverview>
  );
}
