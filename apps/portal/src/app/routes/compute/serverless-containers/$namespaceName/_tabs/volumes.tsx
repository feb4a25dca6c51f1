import { createFileRoute } from '@tanstack/react-router';
import { VolumesTab } from '@/features/volumes/screens/volumes-tab.tsx';

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs/volumes')({
  staticData: { title: 'Volumes · {namespaceName}' },
  component: VolumesTab,
});
