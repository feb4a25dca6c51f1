import { createFileRoute } from '@tanstack/react-router';
import { ConfigureJob } from '@/features/container-jobs/screens/configure-job.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/configure',
)({
  staticData: { title: 'Configure · {containerJobName} · {namespaceName}' },
  component: ConfigureJob,
});
