import { createFileRoute } from '@tanstack/react-router';
import { isRunActive, JobRunPage } from '@/features/container-jobs/screens/job-run-page.tsx';
import { LogViewer } from '@/features/logs/components/log-viewer.tsx';

export const Route = createFileRoute(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/runs/$runName',
)({
  staticData: {
    title: '{runName} · {containerJobName} · {namespaceName}',
    breadcrumbs: [{ label: '{runName}' }],
  },
  component: RunPage,
});

/** The run's page with its log, followed while the run waits or runs. */
function RunPage() {
  const { namespaceName, containerJobName, runName } = Route.useParams();
  return (
    <JobRunPage
      log={(run) => (
        <LogViewer
          source={{ kind: 'job-run', namespace: namespaceName, job: containerJobName, run: runName }}
          live={isRunActive(run)}
          downloadName={runName}
        />
      )}
    />
  );
}
