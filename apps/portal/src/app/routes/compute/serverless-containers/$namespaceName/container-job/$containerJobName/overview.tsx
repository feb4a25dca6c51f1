import { createFileRoute } from '@tanstack/react-router';
import { JobOverview } from '@/features/container-jobs/screens/job-overview.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
)({
  staticData: { title: '{containerJobName} · {namespaceName}' },
  component: JobOverview,
});
