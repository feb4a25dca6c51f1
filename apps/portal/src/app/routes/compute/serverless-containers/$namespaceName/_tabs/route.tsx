import { createFileRoute } from '@tanstack/react-router';
import { NamespaceLayout } from '@/app/layouts/namespace-layout.tsx';

// The namespace page: its heading and tabs around the list of each kind of resource it holds (the files
// beside this one). Every tab keeps the page's title, Namespace.
export const Route = createFileRoute('/compute/serverless-containers/$namespaceName/_tabs')({
  staticData: { title: '{namespaceName}' },
  component: NamespaceLayout,
});
