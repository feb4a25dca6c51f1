import type { QueryKey, UseMutationResult } from '@tanstack/react-query';
import { DeleteAction } from '../delete-action.tsx';
import { hasWorkloads, workloadGroups, type Workloads } from './workload-groups.ts';

/** What a kind's dialog says. */
interface KindTexts {
  /** How containers and jobs use it. */
  usedBy: string;
  /** What deleting it does, while nothing uses it. */
  description: string;
  /** Why it cannot be deleted while something uses it, and what to do first. */
  blocker: string;
  deleted: (name: string) => string;
  /** Ask for the name to be typed, for what cannot be undone. */
  typeToConfirm?: boolean;
}

const kinds: Record<'registry' | 'volume', KindTexts> = {
  registry: {
    usedBy: 'is used by',
    description:
      'The stored credentials are removed. Containers can no longer pull images through this registry.',
    blocker:
      'A registry can be removed once nothing pulls through it: change the registry of each of these, or delete them, first.',
    deleted: (name: string) => `Registry ${name} is being removed`,
  },
  volume: {
    usedBy: 'is mounted by',
    description: 'The volume and all data on it are removed. This cannot be undone.',
    blocker:
      'A volume can be deleted once nothing mounts it: remove the mount from each of these, or delete them, first.',
    deleted: (name: string) => `Volume ${name} is being deleted`,
    typeToConfirm: true,
  },
};

interface DeleteSharedResourceButtonProps {
  namespace: string;
  name: string;
  /** What uses it, from the list, which is refreshed when the dialog opens. */
  users: Workloads;
  disabled: boolean;
}

/**
 * The delete button of the rows of a list of what containers and jobs use (registries, volumes): `useDelete`
 * deletes one, and `listQuery` is the list's, refreshed as the dialog opens. The button asks first, unless
 * some still use it: the platform refuses that, so the dialog names them instead, with links, and what to do.
 */
export function createDeleteSharedResourceButton(
  kind: keyof typeof kinds,
  useDelete: () => UseMutationResult<unknown, Error, { namespace: string; name: string }>,
  listQuery: (namespace: string) => { queryKey: QueryKey },
) {
  const texts = kinds[kind];
  return function DeleteSharedResourceButton({
    namespace,
    name,
    users,
    disabled,
  }: DeleteSharedResourceButtonProps) {
    const mutation = useDelete();
    const inUse = hasWorkloads(users);
    return (
      <DeleteAction
        kind={kind}
        name={name}
        mutation={mutation}
        variables={{ namespace, name }}
        description={inUse ? `${name} ${texts.usedBy}:` : texts.description}
        resources={workloadGroups(namespace, users)}
        blocker={inUse ? texts.blocker : undefined}
        refreshOnOpen={listQuery(namespace).queryKey}
        successMessage={texts.deleted(name)}
        disabled={disabled}
        trigger="icon"
        typeToConfirm={texts.typeToConfirm}
        errorsInDialog
      />
    );
  };
}
