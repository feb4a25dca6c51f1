import { createFileRoute } from '@tanstack/react-router';
import { ConfigureJobTab } from '@/features/container-jobs/screens/configure-job-tab.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/configure',
)({
  staticData: { title: 'Configure · {containerJobName} · {namespaceName}' },
  component: ConfigureJobTab,
});
