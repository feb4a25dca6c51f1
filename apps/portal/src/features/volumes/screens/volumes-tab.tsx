import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline, mdiHarddisk, mdiPlus } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { useVolumes } from '../api/get-volumes.ts';
import { volumeColumns } from '../components/volume-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/volumes');

export function VolumesTab() {
  const { namespaceName } = route.useParams();
  const volumes = useVolumes(namespaceName);
  const createButton = (
    <ButtonLink
      to={'/compute/serverless-containers/$namespaceName/volumes/new'}
      params={{ namespaceName }}
      variant="contained"
      startIcon={<MdiIcon path={mdiPlus} />}
    >
      Create volume
    </ButtonLink>
  );

  if (volumes.isError) {
    return (
      <EmptyState
        icon={mdiAlertCircleOutline}
        title="The volumes could not be loaded"
        description="The platform did not answer. Check your connection and try again."
        action={
          <Button variant="outlined" onClick={() => void volumes.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <Stack spacing={2}>
      {Boolean(volumes.data?.length) && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {createButton}
        </Stack>
      )}
      <ResourceTable
        label="Volumes"
        columns={volumeColumns(namespaceName)}
        rows={volumes.data}
        rowKey={(volume) => volume.id}
        empty={
          <EmptyState
            icon={mdiHarddisk}
            title="No volumes yet"
            description="A volume keeps files across restarts of a container's replicas. Create one here, or while creating a container."
            action={createButton}
          />
        }
      />
    </Stack>
  );
}
