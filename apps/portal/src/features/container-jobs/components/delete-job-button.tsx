import { useNavigate } from '@tanstack/react-router';
import { DeleteAction } from '@/components/delete-action.tsx';
import { useDeleteContainerJob } from '../api/delete-container-job.ts';

/** Deleting asks for the job's name to be typed, then returns to the namespace's jobs. */
export function DeleteJobButton({
  namespace,
  name,
  disabled,
}: {
  namespace: string;
  name: string;
  disabled: boolean;
}) {
  const navigate = useNavigate();
  return (
    <DeleteAction
      kind="container job"
      name={name}
      mutation={useDeleteContainerJob()}
      variables={{ namespace, name }}
      description="Its schedule stops and its runs are forgotten. Mounted volumes and their data are kept. This cannot be undone."
      successMessage={`Your container job ${name} is being deleted`}
      disabled={disabled}
      trigger="button"
      typeToConfirm
      onDeleted={() =>
        void navigate({
          to: '/compute/serverless-containers/$namespaceName/container-jobs',
          params: { namespaceName: namespace },
        })
      }
    />
  );
}
