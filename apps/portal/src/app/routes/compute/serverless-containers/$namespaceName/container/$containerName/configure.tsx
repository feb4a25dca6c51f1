import { createFileRoute } from '@tanstack/react-router';
import { ConfigureContainer } from '@/features/containers/screens/configure-container.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/configure',
)({
  staticData: { title: 'Configure · {containerName} · {namespaceName}' },
  component: ConfigureContainer,
});
