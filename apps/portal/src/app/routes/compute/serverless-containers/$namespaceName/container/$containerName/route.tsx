import { createFileRoute } from '@tanstack/react-router';
import { ContainerLayout } from '../../../../../../../features/containers/screens/container-layout.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName',
)({
  staticData: { title: 'Container' },
  component: ContainerLayout,
});
