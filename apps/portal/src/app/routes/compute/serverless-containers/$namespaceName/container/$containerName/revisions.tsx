import { createFileRoute } from '@tanstack/react-router';
import { ContainerRevisionsTab } from '@/features/containers/screens/container-revisions-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/revisions',
)({
  staticData: { title: 'Revisions · {containerName} · {namespaceName}' },
  component: ContainerRevisionsTab,
});
