import { createDeleteWorkloadButton } from '@/components/workload/delete-workload-button.tsx';
import { useDeleteContainer } from '../api/delete-container.ts';

/** Deleting asks for the container's name to be typed, then returns to the namespace's containers. */
export const DeleteContainerButton = createDeleteWorkloadButton('container', useDeleteContainer);
