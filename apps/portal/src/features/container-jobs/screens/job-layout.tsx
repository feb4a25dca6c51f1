import Stack from '@mui/material/Stack';
import { getRouteApi, linkOptions } from '@tanstack/react-router';
import { ResourceLayout } from '@/components/resource-layout.tsx';
import type { RouteTab } from '@/components/route-tabs.tsx';
import { useContainerJob } from '../api/get-container-job.ts';
import { DeleteJobButton } from '../components/delete-job-button.tsx';
import { RunNowButton } from '../components/run-now-button.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container-job/$containerJobName');

const jobTabs: readonly RouteTab[] = [
  {
    label: 'Overview',
    to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
  },
  {
    label: 'Configure',
    to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/configure',
  },
];

/** Heading, state, run and delete actions and tabs of one container job; or why it cannot be shown. */
export function JobLayout() {
  const { namespaceName, containerJobName } = route.useParams();
  return (
    <ResourceLayout
      kind="container job"
      name={containerJobName}
      namespaceName={namespaceName}
      list={linkOptions({
        to: '/compute/serverless-containers/$namespaceName/container-jobs',
        params: { namespaceName },
      })}
      query={useContainerJob(namespaceName, containerJobName)}
      actions={(job) => (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          <RunNowButton namespace={namespaceName} name={job.name} locked={job.locked} />
          <DeleteJobButton namespace={namespaceName} name={job.name} disabled={job.locked} />
        </Stack>
      )}
      tabs={jobTabs}
      params={{ namespaceName, containerJobName }}
    />
  );
}
