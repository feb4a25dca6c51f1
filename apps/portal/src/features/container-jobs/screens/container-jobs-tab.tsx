import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline, mdiCalendarClock, mdiPlus } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { mayCreate } from '../../../lib/auth/access.ts';
import { useAccess } from '../../../lib/auth/queries.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useContainerJobs } from '../api/get-container-jobs.ts';
import { jobColumns } from '../components/job-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/container-jobs');

export function ContainerJobsTab() {
  const { namespaceName } = route.useParams();
  const jobs = useContainerJobs(namespaceName);
  const access = useAccess();
  const now = useNow();
  const canCreate = access !== undefined && jobs.data !== undefined && mayCreate(access, jobs.data.length);
  const createButton = canCreate && (
    <ButtonLink
      to={'/compute/serverless-containers/$namespaceName/container-job/new'}
      params={{ namespaceName }}
      variant="contained"
      startIcon={<MdiIcon path={mdiPlus} />}
    >
      Create container job
    </ButtonLink>
  );

  if (jobs.isError) {
    return (
      <EmptyState
        icon={mdiAlertCircleOutline}
        title="The container jobs could not be loaded"
        description="The platform did not answer. Check your connection and try again."
        action={
          <Button variant="outlined" onClick={() => void jobs.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <Stack spacing={2}>
      {Boolean(jobs.data?.length) && createButton && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {createButton}
        </Stack>
      )}
      <ResourceTable
        label="Container jobs"
        columns={jobColumns(namespaceName, now)}
        rows={jobs.data}
        rowKey={(job) => job.name}
        empty={
          <EmptyState
            icon={mdiCalendarClock}
            title="No container jobs yet"
            description={
              canCreate
                ? 'Run an image on a schedule: backups, reports, clean-ups. Each run is recorded with its outcome.'
                : 'Container jobs created in this namespace will appear here.'
            }
            action={createButton}
          />
        }
      />
    </Stack>
  );
}
