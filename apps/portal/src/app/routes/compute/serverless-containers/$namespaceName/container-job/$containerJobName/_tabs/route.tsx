import { createFileRoute } from '@tanstack/react-router';
import { JobLayout } from '../../../../../../../../features/container-jobs/screens/job-layout.tsx';

// The job's heading, actions and tabs around the open tab (the files beside this one).
export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/_tabs',
)({
  staticData: { title: '{containerJobName} · {namespaceName}' },
  component: JobLayout,
});
