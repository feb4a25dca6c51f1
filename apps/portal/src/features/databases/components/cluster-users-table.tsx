import { lazy, Suspense } from 'react';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiAccountPlusOutline, mdiShieldAccountOutline } from '@mdi/js';
import { DeleteAction } from '@/components/delete-action.tsx';
import { AddButton } from '@/components/form/list-editor.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { ResourceTable, type ResourceColumn } from '@/components/resource-table.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { StateChip } from '@/components/state-chip.tsx';
import { Tooltip } from '@/components/tooltip.tsx';
import { useDeleteClusterUser } from '../api/delete-cluster-user.ts';
import type { ClusterAddress, ClusterDetails, ClusterUser } from '../api/get-cluster.ts';
import { ClusterResetPassword } from './cluster-reset-password.tsx';
import { accessLabels } from './cluster-access.ts';
import { useKeyedDialog } from './use-keyed-dialog.ts';

// The dialogs' forms load when one is first opened: most visits to a cluster only look at it.
const AddClusterUserDialog = lazy(() =>
  import('./cluster-user-dialogs.tsx').then((module) => ({ default: module.AddClusterUserDialog })),
);
const ClusterPermissionsDialog = lazy(() =>
  import('./cluster-user-dialogs.tsx').then((module) => ({ default: module.ClusterPermissionsDialog })),
);

/** The admin user comes with the cluster: it owns every database and cannot be deleted. */
export const isAdmin = (user: ClusterUser) => user.role === 'admin';

function PermissionsText({ user }: { user: ClusterUser }) {
  if (isAdmin(user)) return <>Owns every database</>;
  if (user.permissions.length === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        No access yet
      </Typography>
    );
  }
  return (
    <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {user.permissions.map((grant) => (
        <li key={grant.databaseName}>
          {grant.databaseName}: {accessLabels[grant.permission].toLowerCase()}
        </li>
      ))}
    </Stack>
  );
}

type UserDialog = { kind: 'add' } | { kind: 'permissions'; user: ClusterUser };

/**
 * The cluster's users with their access per database, and the ways to change them. `onOfferReveal` is called
 * when a user has a password the customer has not seen (a new user, a reset one).
 */
export function ClusterUsersTable({
  cluster,
  address,
  onOfferReveal,
}: {
  cluster: ClusterDetails;
  address: ClusterAddress;
  onOfferReveal: (user: string) => void;
}) {
  const { dialog, open: openDialog, close: closeDialog } = useKeyedDialog<UserDialog>();
  const deleteUser = useDeleteClusterUser(address);
  const databases = cluster.databases.filter((database) => database.status !== 'deleting');

  const columns: ResourceColumn<ClusterUser>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (user) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{user.name}</span>
          {isAdmin(user) && <Chip size="small" label="admin" />}
        </Stack>
      ),
    },
    { id: 'permissions', header: 'Permissions', cell: (user) => <PermissionsText user={user} /> },
    { id: 'status', header: 'Status', hideBelow: 'sm', cell: (user) => <StateChip state={user.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (user) => (
        // On a phone the three actions wrap rather than push the table past the screen's edge.
        <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {!isAdmin(user) && (
            <Tooltip title={`Change permissions of ${user.name}`}>
              <span>
                <IconButton
                  size="small"
                  aria-label={`Change permissions of ${user.name}`}
                  disabled={cluster.locked}
                  onClick={() => openDialog({ kind: 'permissions', user })}
                >
                  <MdiIcon path={mdiShieldAccountOutline} />
                </IconButton>
              </span>
            </Tooltip>
          )}
          <ClusterResetPassword
            cluster={address}
            user={user.name}
            disabled={cluster.locked}
            onReset={(name) => {
              showSnackbar(`${name} has a new password: reveal it under Connection`, 'success');
              onOfferReveal(name);
            }}
          />
          {!isAdmin(user) && (
            <DeleteAction
              kind="user"
              name={user.name}
              mutation={deleteUser}
              variables={user.name}
              description={`${user.name} can no longer connect, and its permissions go with it.`}
              successMessage={`User ${user.name} is being deleted`}
              disabled={cluster.locked}
              trigger="icon"
              errorsInDialog
            />
          )}
        </Stack>
      ),
    },
  ];

  return (
    <>
      <AddButton
        icon={mdiAccountPlusOutline}
        disabled={cluster.locked}
        onClick={() => openDialog({ kind: 'add' })}
      >
        Add user
      </AddButton>
      <ResourceTable
        label="Users"
        columns={columns}
        rows={cluster.users}
        rowKey={(user) => user.name}
        empty={<Typography color="text.secondary">No users.</Typography>}
      />
      <Suspense fallback={null}>
        {dialog?.kind === 'add' && (
          <AddClusterUserDialog
            key={dialog.key}
            cluster={address}
            databases={databases}
            open={dialog.open}
            onClose={closeDialog}
            onAdded={(name) => {
              closeDialog();
              showSnackbar(`User ${name} is being added: reveal its password under Connection`, 'success');
              onOfferReveal(name);
            }}
          />
        )}
        {dialog?.kind === 'permissions' && (
          <ClusterPermissionsDialog
            key={dialog.key}
            cluster={address}
            databases={databases}
            user={dialog.user}
            open={dialog.open}
            onClose={closeDialog}
            onChanged={() => {
              closeDialog();
              showSnackbar(`The permissions of ${dialog.user.name} are being changed`, 'success');
            }}
          />
        )}
      </Suspense>
    </>
  );
}
