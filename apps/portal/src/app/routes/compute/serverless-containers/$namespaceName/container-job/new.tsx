import { createFileRoute } from '@tanstack/react-router';
import { CreateJobPage } from '@/features/container-jobs/screens/create-job-page.tsx';
import { planLimitReasons } from '@/lib/auth/access.ts';
import { firstOfKindGuard } from '@/app/router/creation-guards.ts';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/container-job/new')({
  staticData: {
    title: 'Create container job · {namespaceName}',
    breadcrumbs: [{ label: 'Create container job' }],
    security: { resource: 'serverless-container', scope: 'create-limited' },
  },
  beforeLoad: firstOfKindGuard(
    async () =>
      (await import('@/features/container-jobs/api/get-container-job-names.ts'))
        .containerJobNamesQueryOptions,
    '/compute/serverless-containers/$namespaceName/container-jobs',
    planLimitReasons.containerJob,
  ),
  component: CreateJobPage,
});
