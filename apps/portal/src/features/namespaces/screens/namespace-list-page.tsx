import Button from '@mui/material/Button';
import { MdiIcon } from '../../../components/mdi-icon.tsx';
import { mdiAlertCircleOutline, mdiPlus, mdiShape } from '@mdi/js';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { mayCreate } from '../../../lib/auth/access.ts';
import { useAccess } from '../../../lib/auth/queries.ts';
import { useNamespaces } from '../api/get-namespaces.ts';
import { namespaceColumns } from '../components/namespace-columns.tsx';

export function NamespaceListPage() {
  const namespaces = useNamespaces();
  const access = useAccess();
  const canCreate =
    access !== undefined && namespaces.data !== undefined && mayCreate(access, namespaces.data.length);
  const createButton = canCreate && (
    <ButtonLink
      to={'/compute/serverless-containers/new'}
      variant="contained"
      startIcon={<MdiIcon path={mdiPlus} />}
    >
      Create namespace
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title="Namespaces"
        subtitle="A namespace groups containers, jobs, registries, volumes and databases."
        // An empty list has the call to action in its empty state; one is enough.
        action={namespaces.data?.length ? createButton : undefined}
      />
      {namespaces.isError ? (
        <EmptyState
          icon={mdiAlertCircleOutline}
          title="Your namespaces could not be loaded"
          description="The platform did not answer. Check your connection and try again."
          action={
            <Button variant="outlined" onClick={() => void namespaces.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <ResourceTable
          label="Namespaces"
          columns={namespaceColumns}
          rows={namespaces.data}
          rowKey={(namespace) => namespace.id}
          empty={
            <EmptyState
              icon={mdiShape}
              title="No namespaces yet"
              description={
                canCreate
                  ? 'Create your first namespace to start running serverless containers.'
                  : 'Namespaces you create will appear here.'
              }
              action={createButton}
            />
          }
        />
      )}
    </>
  );
}
