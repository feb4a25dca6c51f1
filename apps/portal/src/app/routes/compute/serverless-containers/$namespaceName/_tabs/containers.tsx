import { createFileRoute } from '@tanstack/react-router';
import { ContainersTab } from '@/features/containers/screens/containers-tab.tsx';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs/containers')({
  staticData: { title: 'Containers · {namespaceName}' },
  component: ContainersTab,
});
