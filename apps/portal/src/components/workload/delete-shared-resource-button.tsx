import type { QueryKey, UseMutationResult } from '@tanstack/react-query';
import { DeleteAction } from '../delete-action.tsx';
import { hasWorkloads, workloadGroups, type Workloads } from './workload-groups.ts';

/**
 * Deleting what containers and jobs use (a registry, a volume) from its row: asks first, unless some still use
 * it. The platform refuses that, so the dialog names them instead, with links, and what to do about it.
 */
export function DeleteSharedResourceButton({
  kind,
  namespace,
  name,
  users,
  mutation,
  refreshOnOpen,
  usedBy,
  description,
  blocker,
  successMessage,
  typeToConfirm,
  disabled,
}: {
  kind: string;
  namespace: string;
  name: string;
  /** What uses it, from the list, which is refreshed when the dialog opens (`refreshOnOpen`). */
  users: Workloads;
  mutation: UseMutationResult<unknown, Error, { namespace: string; name: string }>;
  refreshOnOpen: QueryKey;
  /** How its users use it: `is used by`, `is mounted by`. */
  usedBy: string;
  /** What deleting it does, while nothing uses it. */
  description: string;
  /** Why it cannot be deleted while something uses it, and what to do first. */
  blocker: string;
  successMessage: string;
  /** Ask for the name to be typed, for what cannot be undone. */
  typeToConfirm?: boolean;
  disabled: boolean;
}) {
  const inUse = hasWorkloads(users);
  return (
    <DeleteAction
      kind={kind}
      name={name}
      mutation={mutation}
      variables={{ namespace, name }}
      description={inUse ? `${name} ${usedBy}:` : description}
      resources={workloadGroups(namespace, users)}
      blocker={inUse ? blocker : undefined}
      refreshOnOpen={refreshOnOpen}
      successMessage={successMessage}
      disabled={disabled}
      trigger="icon"
      typeToConfirm={typeToConfirm}
      errorsInDialog
    />
  );
}
