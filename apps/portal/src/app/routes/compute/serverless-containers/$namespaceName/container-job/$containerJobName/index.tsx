import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/',
)({
  staticData: { title: '{containerJobName} · {namespaceName}' },
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
      params,
      replace: true,
    });
  },
});
