import { createFileRoute, redirect } from '@tanstack/react-router';

// Namespace names in addresses: letters, digits, hyphen and underscore (SPEC §2).
const namespaceNamePattern = /^[A-Za-z0-9_-]+$/;

export const Route = createFileRoute('/compute/serverless-containers/$namespaceName')({
  staticData: {
    title: 'Namespace',
    breadcrumbs: [
      { label: '{namespaceName}', to: '/compute/serverless-containers/$namespaceName/containers' },
    ],
  },
  beforeLoad: ({ params }) => {
    if (!namespaceNamePattern.test(params.namespaceName)) throw redirect({ to: '/not-found', replace: true });
  },
});
