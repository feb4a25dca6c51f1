import { createFileRoute } from '@tanstack/react-router';
import { NamespaceListPage } from '@/features/namespaces/screens/namespace-list-page.tsx';

export const Route = createFileRoute('/compute/serverless-containers/')({
  staticData: { title: 'Namespaces' },
  component: NamespaceListPage,
});
