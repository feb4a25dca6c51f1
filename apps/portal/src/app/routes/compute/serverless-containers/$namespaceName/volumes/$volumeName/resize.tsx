import { createFileRoute } from '@tanstack/react-router';
import { ResizeVolumePage } from '../../../../../../../features/volumes/screens/resize-volume-page.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/volumes/$volumeName/resize',
)({
  staticData: { title: 'Resize volume' },
  component: ResizeVolumePage,
});
