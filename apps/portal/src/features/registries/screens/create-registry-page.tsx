import Paper from '@mui/material/Paper';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useCreateRegistry } from '../api/create-registry.ts';
import { RegistryForm } from '../components/registry-form.tsx';
import type { RegistryFormValues } from '../components/registry-schema.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/registries/new');

export function CreateRegistryPage() {
  const { namespaceName } = route.useParams();
  const navigate = useNavigate();
  const createRegistry = useCreateRegistry();
  const backToRegistries = () =>
    void navigate({
      to: '/compute/serverless-containers/$namespaceName/registries',
      params: { namespaceName },
    });

  const submit = async (values: RegistryFormValues) => {
    const created = await createRegistry.mutateAsync({ namespace: namespaceName, ...values });
    showSnackbar(`Registry ${created.name} has been added`, 'success');
    backToRegistries();
  };

  return (
    <>
      <PageHeader
        title="Add registry"
        subtitle={`Credentials for pulling private images into namespace ${namespaceName}.`}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        <RegistryForm pending={createRegistry.isPending} onSubmit={submit} onCancel={backToRegistries} />
      </Paper>
    </>
  );
}
