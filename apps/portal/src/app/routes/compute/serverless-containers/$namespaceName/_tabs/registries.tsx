import { createFileRoute } from '@tanstack/react-router';
import { RegistriesTab } from '@/features/registries/screens/registries-tab.tsx';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs/registries')({
  staticData: { title: 'Registries · {namespaceName}' },
  component: RegistriesTab,
});
