import { lazy, Suspense } from 'react';
import Typography from '@mui/material/Typography';
import { mdiDatabasePlusOutline } from '@mdi/js';
import { DeleteAction } from '@/components/delete-action.tsx';
import { AddButton } from '@/components/form/list-editor.tsx';
import { ResourceTable, type ResourceColumn } from '@/components/resource-table.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { StateChip } from '@/components/state-chip.tsx';
import { useDeleteClusterDatabase } from '../api/delete-cluster-database.ts';
import type { ClusterAddress, ClusterDatabase, ClusterDetails } from '../api/get-cluster.ts';
import { accessLabels } from './cluster-access.ts';
import { useKeyedDialog } from './use-keyed-dialog.ts';

// The form loads when the dialog is first opened.
const AddClusterDatabaseDialog = lazy(() =>
  import('./cluster-database-dialog.tsx').then((module) => ({ default: module.AddClusterDatabaseDialog })),
);

/** `app (read and write), report (read only)`: who loses access when the database goes. */
function grantsOn(cluster: ClusterDetails, database: string): string {
  return cluster.users
    .flatMap((user) =>
      user.permissions
        .filter((grant) => grant.databaseName === database)
        .map((grant) => `${user.name} (${accessLabels[grant.permission].toLowerCase()})`),
    )
    .join(', ');
}

export function ClusterDatabasesTable({
  cluster,
  address,
}: {
  cluster: ClusterDetails;
  address: ClusterAddress;
}) {
  const { dialog, open: openDialog, close } = useKeyedDialog();
  const deleteDatabase = useDeleteClusterDatabase(address);

  const columns: ResourceColumn<ClusterDatabase>[] = [
    { id: 'name', header: 'Name', cell: (database) => database.name },
    {
      id: 'description',
      header: 'Description',
      hideBelow: 'sm',
      cell: (database) => database.description ?? '—',
    },
    { id: 'status', header: 'Status', cell: (database) => <StateChip state={database.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (database) => {
        const grants = grantsOn(cluster, database.name);
        return (
          <DeleteAction
            kind="database"
            name={database.name}
            mutation={deleteDatabase}
            variables={database.name}
            description={
              <>
                The database and all data in it are removed. This cannot be undone.
                {grants && ` The permissions users have on it are removed too: ${grants}.`}
              </>
            }
            successMessage={`Database ${database.name} is being deleted`}
            disabled={cluster.locked}
            trigger="icon"
            typeToConfirm
            errorsInDialog
          />
        );
      },
    },
  ];

  return (
    <>
      <AddButton icon={mdiDatabasePlusOutline} disabled={cluster.locked} onClick={() => openDialog({})}>
        Add database
      </AddButton>
      <ResourceTable
        label="Databases"
        columns={columns}
        rows={cluster.databases}
        rowKey={(database) => database.name}
        empty={
          <Typography color="text.secondary">
            No databases yet. Add one, then give users access to it.
          </Typography>
        }
      />
      {dialog && (
        <Suspense fallback={null}>
          <AddClusterDatabaseDialog
            key={dialog.key}
            cluster={address}
            open={dialog.open}
            onClose={close}
            onAdded={(name) => {
              close();
              showSnackbar(`Database ${name} is being added`, 'success');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
