import { createFileRoute } from '@tanstack/react-router';
import { JobLayout } from '../../../../../../../features/container-jobs/screens/job-layout.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName',
)({
  staticData: { title: 'Container job' },
  component: JobLayout,
});
