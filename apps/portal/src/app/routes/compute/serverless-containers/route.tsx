import { createFileRoute } from '@tanstack/react-router';

// Every page below the namespace list starts its breadcrumb trail here.
export const Route = createFileRoute('/compute/serverless-containers')({
  staticData: { title: null, breadcrumbs: [{ label: 'Namespaces' }] },
});
