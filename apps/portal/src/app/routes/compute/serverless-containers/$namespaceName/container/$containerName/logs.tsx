import { createFileRoute } from '@tanstack/react-router';
import { ContainerLogsScreen } from '@/features/logs/screens/container-logs-screen.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/logs',
)({
  staticData: { title: 'Logs · {containerName} · {namespaceName}' },
  component: ContainerLogsScreen,
});
