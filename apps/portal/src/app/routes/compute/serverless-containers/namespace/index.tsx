import { createFileRoute, redirect } from '@tanstack/react-router';

// Legacy addresses: prefix/namespace, prefix/namespace/{id}, prefix/namespace/{name}/{id}.
export const Route = createFileRoute('/compute/serverless-containers/namespace/')({
  staticData: { title: 'Namespaces' },
  beforeLoad: () => {
    throw redirect({ to: '/compute/serverless-containers', replace: true });
  },
});
