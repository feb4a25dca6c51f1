import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { mdiAlertCircleOutline, mdiKeyChainVariant, mdiPlus } from '@mdi/js';
import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { useRegistries } from '../api/get-registries.ts';
import { registryColumns } from '../components/registry-columns.tsx';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/_tabs/registries');

export function RegistriesTab() {
  const { namespaceName } = route.useParams();
  const registries = useRegistries(namespaceName);
  const addButton = (
    <ButtonLink
      to={'/compute/serverless-containers/$namespaceName/registries/new'}
      params={{ namespaceName }}
      variant="contained"
      startIcon={<MdiIcon path={mdiPlus} />}
    >
      Add registry
    </ButtonLink>
  );

  if (registries.isError) {
    return (
      <EmptyState
        icon={mdiAlertCircleOutline}
        title="The registries could not be loaded"
        description="The platform did not answer. Check your connection and try again."
        action={
          <Button variant="outlined" onClick={() => void registries.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <Stack spacing={2}>
      {Boolean(registries.data?.length) && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {addButton}
        </Stack>
      )}
      <ResourceTable
        label="Private registries"
        columns={registryColumns(namespaceName)}
        rows={registries.data}
        rowKey={(registry) => registry.id}
        empty={
          <EmptyState
            icon={mdiKeyChainVariant}
            title="No private registries yet"
            description="Add the credentials of a private registry so containers in this namespace can pull their images from it."
            action={addButton}
          />
        }
      />
    </Stack>
  );
}
