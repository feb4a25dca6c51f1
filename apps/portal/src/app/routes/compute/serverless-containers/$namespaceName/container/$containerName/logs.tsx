import { createFileRoute } from '@tanstack/react-router';
import { ContainerLogsTab } from '@/features/logs/screens/container-logs-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/logs',
)({
  staticData: { title: 'Logs · {containerName} · {namespaceName}' },
  // `?replica=web-abcde-1`: that replica's log (a failure's banner links there); all replicas without one.
  validateSearch: (search: Record<string, unknown>): { replica?: string } =>
    typeof search.replica === 'string' && search.replica !== '' ? { replica: search.replica } : {},
  component: ContainerLogsTab,
});
