import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline, mdiPlus, mdiPackageVariant } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { mayCreate } from '../../../lib/auth/access.ts';
import { useAccess } from '../../../lib/auth/queries.ts';
import { useContainers } from '../api/get-containers.ts';
import { containerColumns } from '../components/container-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/containers');

export function ContainersTab() {
  const { namespaceName } = route.useParams();
  const containers = useContainers(namespaceName);
  const access = useAccess();
  const canCreate =
    access !== undefined && containers.data !== undefined && mayCreate(access, containers.data.length);
  const createButton = canCreate && (
    <ButtonLink
      to={'/compute/serverless-containers/$namespaceName/container/new'}
      params={{ namespaceName }}
      variant="contained"
      startIcon={<MdiIcon path={mdiPlus} />}
    >
      Create container
    </ButtonLink>
  );

  if (containers.isError) {
    return (
      <EmptyState
        icon={mdiAlertCircleOutline}
        title="The containers could not be loaded"
        description="The platform did not answer. Check your connection and try again."
        action={
          <Button variant="outlined" onClick={() => void containers.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <Stack spacing={2}>
      {Boolean(containers.data?.length) && createButton && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {createButton}
        </Stack>
      )}
      <ResourceTable
        label="Containers"
        columns={containerColumns(namespaceName)}
        rows={containers.data}
        rowKey={(container) => container.id}
        empty={
          <EmptyState
            icon={mdiPackageVariant}
            title="No containers yet"
            description={
              canCreate
                ? 'Run an image from a public or private registry, with web addresses, variables and volumes.'
                : 'Containers created in this namespace will appear here.'
            }
            action={createButton}
          />
        }
      />
    </Stack>
  );
}
