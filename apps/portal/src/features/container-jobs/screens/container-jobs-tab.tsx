import { mdiCalendarClock } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { usePriceList } from '@/components/pricing/price-list.ts';
import { FreeStartNote } from '@/components/pricing/free-start-note.tsx';
import { ResourceListView } from '@/components/resource-list-view.tsx';
import { StateChip } from '@/components/state-chip.tsx';
import { useNow } from '@/lib/use-now.ts';
import { containerJobsQueryOptions } from '../api/get-container-jobs.ts';
import { jobColumns } from '../components/job-columns.tsx';
import { planLimitReasons } from '@/lib/auth/access.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/container-jobs');

export function ContainerJobsTab() {
  const { namespaceName } = route.useParams();
  const now = useNow();
  const priceList = usePriceList();
  return (
    <ResourceListView
      label="Container jobs"
      query={containerJobsQueryOptions(namespaceName)}
      rowKey={(job) => job.name}
      rowName={(job) => job.name}
      rowLink={(job) => ({
        to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName',
        params: { namespaceName, containerJobName: job.name },
      })}
      // A job at rest is `created`; its state shows only while it is something else.
      rowBadge={(job) => job.state !== 'created' && <StateChip state={job.state} />}
      columns={jobColumns(namespaceName, now, priceList)}
      filter={{ label: 'Last run', value: (job) => job.runs[0]?.status.toLowerCase() ?? 'never run' }}
      create={{
        label: 'Create container job',
        link: {
          to: '/compute/serverless-containers/$namespaceName/container-job/new',
          params: { namespaceName },
        },
        permission: 'create-limited',
        restrictedReason: planLimitReasons.containerJob,
      }}
      note={
        <FreeStartNote>
          Free start: runs cost nothing. The price per run-hour is what a run will cost once you subscribe.
        </FreeStartNote>
      }
      empty={{
        icon: mdiCalendarClock,
        title: 'No container jobs yet',
        description:
          'Run an image on a schedule: backups, reports, clean-ups. Each run is recorded with its outcome.',
        readOnlyDescription: 'Container jobs created in this namespace will appear here.',
      }}
    />
  );
}
