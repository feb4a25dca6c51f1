import { createFileRoute } from '@tanstack/react-router';
import { CreateRegistryPage } from '@/features/registries/screens/create-registry-page.tsx';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/registries/new')({
  staticData: {
    title: 'Add registry · {namespaceName}',
    breadcrumbs: [
      { label: 'Registries', to: '/compute/serverless-containers/$namespaceName/registries' },
      { label: 'Add registry' },
    ],
  },
  component: CreateRegistryPage,
});
