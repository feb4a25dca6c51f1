import { createFileRoute } from '@tanstack/react-router';
import { JobOverviewTab } from '@/features/container-jobs/screens/job-overview-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
)({
  staticData: { title: '{containerJobName} · {namespaceName}' },
  component: JobOverviewTab,
});
