import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline, mdiHarddisk, mdiPlus } from '@mdi/js';
import { useParams } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { paths } from '../../../config/paths.ts';
import { useVolumes } from '../api/get-volumes.ts';
import { volumeColumns } from '../components/volume-columns.tsx';

export function VolumesTab() {
  const { namespaceName } = useParams({ from: '/compute/serverless-containers/$namespaceName' });
  const volumes = useVolumes(namespaceName);
  const createButton = (
    <ButtonLink
      to={paths.volumes.create}
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
