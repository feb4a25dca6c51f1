import { useNavigate } from '@tanstack/react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import { DeleteAction } from '../delete-action.tsx';

const kinds = {
  container: { noun: 'container', tab: '/compute/serverless-containers/$namespaceName/containers' },
  job: { noun: 'container job', tab: '/compute/serverless-containers/$namespaceName/container-jobs' },
} as const;

/**
 * Deleting a container or a container job from its page: asks for its name to be typed, then returns to the
 * namespace's tab of its kind.
 */
export function DeleteWorkloadButton({
  kind,
  namespace,
  name,
  mutation,
  description,
  disabled,
}: {
  kind: keyof typeof kinds;
  namespace: string;
  name: string;
  mutation: UseMutationResult<unknown, Error, { namespace: string; name: string }>;
  /** What deleting it ends, and what it keeps. */
  description: string;
  disabled: boolean;
}) {
  const navigate = useNavigate();
  const { noun, tab } = kinds[kind];
  return (
    <DeleteAction
      kind={noun}
      name={name}
      mutation={mutation}
      variables={{ namespace, name }}
      description={description}
      successMessage={`Your ${noun} ${name} is being deleted`}
      disabled={disabled}
      trigger="button"
      typeToConfirm
      onDeleted={() => void navigate({ to: tab, params: { namespaceName: namespace } })}
    />
  );
}
