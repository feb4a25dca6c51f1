import { createFileRoute } from '@tanstack/react-router';
import { ContainerJobsTab } from '@/features/container-jobs/screens/container-jobs-tab.tsx';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs/container-jobs')({
  staticData: { title: 'Container jobs · {namespaceName}' },
  component: ContainerJobsTab,
});
