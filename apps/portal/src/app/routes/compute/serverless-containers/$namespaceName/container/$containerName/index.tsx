import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container/$containerName/',
)({
  staticData: { title: '{containerName} · {namespaceName}' },
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/compute/serverless-containers/$namespaceName/container/$containerName/overview',
      params,
      replace: true,
    });
  },
});
