import { createFileRoute } from '@tanstack/react-router';
import { NamespaceClustersTab } from '@/features/databases/screens/namespace-clusters-tab.tsx';
import { featureFlags } from '@/lib/flags.ts';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs/databases')({
  staticData: { title: 'Databases · {namespaceName}', featureFlag: featureFlags.databaseClusters },
  component: NamespaceClustersTab,
});
