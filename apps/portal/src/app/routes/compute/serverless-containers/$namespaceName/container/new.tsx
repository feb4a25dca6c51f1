import { createFileRoute } from '@tanstack/react-router';
import { CreateContainerPage } from '@/features/containers/screens/create-container-page.tsx';
import { planLimitReasons } from '@/lib/auth/access.ts';
import { firstOfKindGuard } from '@/app/router/creation-guards.ts';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/container/new')({
  staticData: {
    title: 'Create container · {namespaceName}',
    breadcrumbs: [{ label: 'Create container' }],
    security: { resource: 'serverless-container', scope: 'create-limited' },
  },
  beforeLoad: firstOfKindGuard(
    async () => (await import('@/features/containers/api/get-container-names.ts')).containerNamesQueryOptions,
    '/compute/serverless-containers/$namespaceName/containers',
    planLimitReasons.container,
  ),
  component: CreateContainerPage,
});
