import { createFileRoute } from '@tanstack/react-router';
import { JobLayout } from '@/features/container-jobs/screens/job-layout.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName',
)({
  staticData: {
    title: '{containerJobName} · {namespaceName}',
    breadcrumbs: [
      { label: 'Container jobs', to: '/compute/serverless-containers/$namespaceName/container-jobs' },
      {
        label: '{containerJobName}',
        to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
      },
    ],
  },
  component: JobLayout,
});
