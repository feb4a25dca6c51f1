import Paper from '@mui/material/Paper';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useCreateNamespace } from '../api/create-namespace.ts';
import { NamespaceForm } from '../components/namespace-form.tsx';
import type { NamespaceFormValues } from '../components/namespace-schema.ts';

export function CreateNamespacePage() {
  const navigate = useNavigate();
  const createNamespace = useCreateNamespace();

  const submit = async ({ name, description }: NamespaceFormValues) => {
    const created = await createNamespace.mutateAsync({ name, description: description || undefined });
    // SPEC §8's words for a namespace ready at once; one still being set up is not said to be created.
    showSnackbar(
      created.state === 'created'
        ? `Your namespace: '${created.name}' has been created successfully! 🚀`
        : `Your namespace '${created.name}' is being created`,
      'success',
    );
    void navigate({
      to: '/compute/serverless-containers/$namespaceName',
      params: { namespaceName: created.name },
    });
  };

  return (
    <>
      <PageHeader
        title="Create namespace"
        subtitle="Containers, jobs, registries, volumes and databases live in a namespace."
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        <NamespaceForm
          pending={createNamespace.isPending}
          onSubmit={submit}
          onCancel={() => void navigate({ to: '/compute/serverless-containers' })}
        />
      </Paper>
    </>
  );
}
