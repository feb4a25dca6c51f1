import { createFileRoute } from '@tanstack/react-router';
import { JobRunPage } from '../../../../../../../../features/container-jobs/screens/job-run-page.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/runs/$runName',
)({
  staticData: {
    title: '{runName} · {containerJobName} · {namespaceName}',
    breadcrumbs: [{ label: '{runName}' }],
  },
  component: JobRunPage,
});
