import { createFileRoute, redirect } from '@tanstack/react-router';

// A legacy address by name and id: the name is what addresses use now.
export const Route = createFileRoute('/compute/serverless-containers/namespace/$legacyName/$namespaceId')({
  staticData: { title: 'Namespace' },
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/compute/serverless-containers/$namespaceName',
      params: { namespaceName: params.legacyName },
      replace: true,
    });
  },
});
