import { createFileRoute } from '@tanstack/react-router';

// One container job: its tabbed page (_tabs) and the page of each of its runs (runs/) start their breadcrumb
// trail here.
export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName',
)({
  staticData: {
    title: '{containerJobName} · {namespaceName}',
    breadcrumbs: [
      { label: 'Container jobs', to: '/compute/serverless-containers/$namespaceName/container-jobs' },
      {
        label: '{containerJobName}',
        to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
      },
    ],
  },
});
