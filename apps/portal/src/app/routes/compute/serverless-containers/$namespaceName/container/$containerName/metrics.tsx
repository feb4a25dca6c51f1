import { createFileRoute } from '@tanstack/react-router';
import { ContainerMetricsTab } from '@/features/containers/screens/container-metrics-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/metrics',
)({
  staticData: { title: 'Metrics · {containerName} · {namespaceName}' },
  // `?range=day` or `?range=week`: the range shown, the last hour without one.
  validateSearch: (search: Record<string, unknown>): { range?: 'day' | 'week' } =>
    search.range === 'day' || search.range === 'week' ? { range: search.range } : {},
  component: ContainerMetricsTab,
});
