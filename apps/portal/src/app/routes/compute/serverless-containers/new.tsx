import { createFileRoute } from '@tanstack/react-router';
import { CreateNamespacePage } from '@/features/namespaces/screens/create-namespace-page.tsx';
import { firstNamespaceGuard } from '@/app/router/creation-guards.ts';

export const Route = createFileRoute('/compute/serverless-containers/new')({
  staticData: {
    title: 'Create namespace',
    breadcrumbs: [{ label: 'Create namespace' }],
    security: { resource: 'serverless-container', scope: 'create-limited' },
  },
  beforeLoad: firstNamespaceGuard,
  component: CreateNamespacePage,
});
