import { DeleteWorkloadButton } from '@/components/workload/delete-workload-button.tsx';
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
  return (
    <DeleteWorkloadButton
      kind="job"
      namespace={namespace}
      name={name}
      mutation={useDeleteContainerJob()}
      description="Its schedule stops and its runs are forgotten. Mounted volumes and their data are kept. This cannot be undone."
      disabled={disabled}
    />
  );
}
