import Stack from '@mui/material/Stack';
import { useParams } from '@tanstack/react-router';
import { ResourceLayout } from '../../../components/resource-layout.tsx';
import type { RouteTab } from '../../../components/route-tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { useContainerJob } from '../api/get-container-job.ts';
import { DeleteJobButton } from '../components/delete-job-button.tsx';
import { RunNowButton } from '../components/run-now-button.tsx';

const jobTabs: readonly RouteTab[] = [
  { label: 'Overview', to: paths.containerJobs.overview },
  { label: 'Configure', to: paths.containerJobs.configure },
];

/** Heading, state, run and delete actions and tabs of one container job; or why it cannot be shown. */
export function JobLayout() {
  const { namespaceName, containerJobName } = useParams({
    from: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName',
  });
  return (
    <ResourceLayout
      kind="container job"
      name={containerJobName}
      namespaceName={namespaceName}
      listTo={paths.namespaces.containerJobs}
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
