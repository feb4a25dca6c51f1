import { useNavigate } from '@tanstack/react-router';
import type { UseMutationResult } from '@tanstack/react-query';
import { DeleteAction } from '../delete-action.tsx';

// Each kind's name, the namespace's tab that lists it, and what deleting one ends and keeps.
const kinds = {
  container: {
    noun: 'container',
    tab: '/compute/serverless-containers/$namespaceName/containers',
    description:
      'Its replicas stop and its web addresses stop answering. Mounted volumes and their data are kept. This cannot be undone.',
  },
  job: {
    noun: 'container job',
    tab: '/compute/serverless-containers/$namespaceName/container-jobs',
    description:
      'Its schedule stops and its runs are forgotten. Mounted volumes and their data are kept. This cannot be undone.',
  },
} as const;

/**
 * The delete button of a container's or a container job's page, `useDelete` deleting one: asks for its name
 * to be typed, then returns to the namespace's tab of its kind.
 */
export function createDeleteWorkloadButton(
  kind: keyof typeof kinds,
  useDelete: () => UseMutationResult<unknown, Error, { namespace: string; name: string }>,
) {
  const { noun, tab, description } = kinds[kind];
  return function DeleteWorkloadButton({
    namespace,
    name,
    disabled,
  }: {
    namespace: string;
    name: string;
    disabled: boolean;
  }) {
    const navigate = useNavigate();
    const mutation = useDelete();
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
  };
}
