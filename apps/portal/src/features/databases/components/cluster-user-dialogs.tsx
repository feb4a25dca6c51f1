import { useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import * as z from 'zod/mini';
import { FormTextField } from '@/components/form/form-text-field.tsx';
import { NewNameField } from '@/components/form/identifier-field.tsx';
import { revealFirstInvalid } from '@/components/form/reveal-first-invalid.ts';
import { useServerRefusal } from '@/components/form/server-refusal.ts';
import { useZodForm } from '@/components/form/use-zod-form.ts';
import type { DatabaseUserPermissionInput } from '@/gql/graphql.ts';
import { useChangeClusterUserPermissions } from '../api/modify-cluster-user.ts';
import { useCreateClusterUser, type PermissionChoice } from '../api/create-cluster-user.ts';
import type { ClusterAddress, ClusterDatabase, ClusterUser } from '../api/get-cluster.ts';
import { accessLabels, type Access } from './cluster-access.ts';
import { ClusterFormDialog } from './cluster-form-dialog.tsx';
import { clusterUserNameSchema, identifierRules } from './cluster-names.ts';

// Adding a user and changing a user's permissions: both choose an access per database of the cluster.

const accessSchema = z.record(z.string(), z.enum(['NONE', 'READ_ONLY', 'READ_WRITE']));

/** Both dialogs' values: the permissions dialog keeps the user's name as it is. */
interface UserFormValues {
  name: string;
  access: Record<string, Access>;
}

/** Each database's access for `user` (none for a new one). */
function accessOf(databases: readonly ClusterDatabase[], user?: ClusterUser): Record<string, Access> {
  return Object.fromEntries(
    databases.map((database) => [
      database.name,
      user?.permissions.find((grant) => grant.databaseName === database.name)?.permission ?? 'NONE',
    ]),
  );
}

function AccessFields({
  control,
  databases,
}: {
  control: Control<UserFormValues>;
  databases: readonly ClusterDatabase[];
}) {
  if (databases.length === 0) {
    return (
      <Typography color="text.secondary">
        The cluster has no databases yet: add one, then give users access to it.
      </Typography>
    );
  }
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Access per database
      </Typography>
      {databases.map((database) => (
        <FormTextField
          key={database.name}
          control={control}
          name={`access.${database.name}`}
          label={database.name}
          select
          slotProps={{ select: { native: true } }}
        >
          {Object.entries(accessLabels).map(([access, label]) => (
            <option key={access} value={access}>
              {label}
            </option>
          ))}
        </FormTextField>
      ))}
    </>
  );
}

const newUserSchema = z.object({ name: clusterUserNameSchema, access: accessSchema });

export function AddClusterUserDialog({
  cluster,
  databases,
  open,
  onClose,
  onAdded,
}: {
  cluster: ClusterAddress;
  /** The databases users can be given access to. */
  databases: readonly ClusterDatabase[];
  open: boolean;
  onClose: () => void;
  onAdded: (name: string) => void;
}) {
  const createUser = useCreateClusterUser(cluster);
  const { control, handleSubmit, setError } = useZodForm(newUserSchema, {
    name: '',
    access: accessOf(databases),
  });
  const refused = useServerRefusal({ fieldsOfInput: { 'user.name': 'name' }, setError });
  const submit = async ({ name, access }: UserFormValues) => {
    const permissions: PermissionChoice[] = Object.entries(access).flatMap(([databaseName, choice]) =>
      choice === 'NONE' ? [] : [{ databaseName, permission: choice }],
    );
    await createUser.mutateAsync({ name, permissions });
    onAdded(name);
  };
  return (
    <ClusterFormDialog
      open={open}
      title="Add user"
      pending={createUser.isPending}
      refusal={refused.refusal}
      onSubmit={handleSubmit(refused.sending(submit), revealFirstInvalid)}
      onClose={onClose}
    >
      <Typography color="text.secondary">
        The platform makes the user a strong password: reveal it under Connection once the user is added.
      </Typography>
      <NewNameField control={control} name="name" label="User name" helperText={identifierRules} />
      <AccessFields control={control} databases={databases} />
    </ClusterFormDialog>
  );
}

const accessFormSchema = z.object({ name: z.string(), access: accessSchema });

/** Only what changed is sent: a patch keyed by database (ABSENT takes a permission away). */
function permissionPatch(
  before: Record<string, Access>,
  after: Record<string, Access>,
): DatabaseUserPermissionInput[] {
  return Object.entries(after).flatMap(([databaseName, choice]): DatabaseUserPermissionInput[] => {
    const previous = before[databaseName];
    if (previous === undefined || previous === choice) return [];
    return choice === 'NONE'
      ? previous === 'NONE'
        ? []
        : [{ databaseName, permission: previous, state: 'ABSENT' }]
      : [{ databaseName, permission: choice, state: 'PRESENT' }];
  });
}

export function ClusterPermissionsDialog({
  cluster,
  databases,
  user,
  open,
  onClose,
  onChanged,
}: {
  cluster: ClusterAddress;
  databases: readonly ClusterDatabase[];
  user: ClusterUser;
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const changePermissions = useChangeClusterUserPermissions(cluster);
  const before = accessOf(databases, user);
  const { control, handleSubmit, setError } = useForm<UserFormValues>({
    resolver: zodResolver(accessFormSchema),
    defaultValues: { name: user.name, access: before },
  });
  // A permission refused names no field the dialog shows one by one: it is said above the buttons.
  const refused = useServerRefusal({ fieldsOfInput: {}, setError });
  const submit = async ({ access }: UserFormValues) => {
    const permissions = permissionPatch(before, access);
    if (permissions.length === 0) {
      onClose();
      return;
    }
    await changePermissions.mutateAsync({ name: user.name, permissions });
    onChanged();
  };
  return (
    <ClusterFormDialog
      open={open}
      title={`Permissions of ${user.name}`}
      submitLabel="Save permissions"
      pending={changePermissions.isPending}
      refusal={refused.refusal}
      onSubmit={handleSubmit(refused.sending(submit))}
      onClose={onClose}
    >
      <AccessFields control={control} databases={databases} />
    </ClusterFormDialog>
  );
}
