import { createDeleteWorkloadButton } from '@/components/workload/delete-workload-button.tsx';
import { useDeleteContainerJob } from '../api/delete-container-job.ts';

/** Deleting asks for the job's name to be typed, then returns to the namespace's jobs. */
export const DeleteJobButton = createDeleteWorkloadButton('job', useDeleteContainerJob);
