import { createFileRoute } from '@tanstack/react-router';
import { CreateClusterPage } from '@/features/databases/screens/create-cluster-page.tsx';

export const Route = createFileRoute('/storage/databases/new')({
  staticData: { title: 'Create a new Cloud Database', breadcrumbs: [{ label: 'Create a cloud database' }] },
  // `?namespace=shop`: the namespace the cluster goes in, chosen already (from a namespace's Databases tab).
  validateSearch: (search: Record<string, unknown>): { namespace?: string } =>
    typeof search.namespace === 'string' ? { namespace: search.namespace } : {},
  component: CreateClusterPage,
});
