import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { WorkloadFormFrame } from '@/components/workload/workload-form-frame.tsx';
import { useContainerJob } from '../api/get-container-job.ts';
import { useModifyContainerJob } from '../api/modify-container-job.ts';
import { JobForm } from '../components/job-form.tsx';
import { toJobFormValues, toJobModifyInput } from '../components/job-input.ts';
import type { JobFormValues } from '../components/job-schema.ts';

const route = getRouteApi(
  '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/configure',
);

/** The job form, prefilled; saving sends only what changed (API.md patch semantics). */
export function ConfigureJobTab() {
  const { namespaceName, containerJobName } = route.useParams();
  const navigate = useNavigate();
  const job = useContainerJob(namespaceName, containerJobName);
  const modifyJob = useModifyContainerJob();
  // The form starts from the job as it was when the tab opened; refreshes meanwhile (runs) do not reset it.
  const [initialValues, setInitialValues] = useState<JobFormValues | null>(null);
  if (!initialValues && job.data) setInitialValues(toJobFormValues(job.data));
  const toOverview = () =>
    void navigate({
      to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
      params: { namespaceName, containerJobName },
    });

  const submit = async (values: JobFormValues) => {
    const input = initialValues && toJobModifyInput(namespaceName, initialValues, values);
    if (!input) return;
    await modifyJob.mutateAsync(input);
    showSnackbar('Your changes are saved and being applied', 'success');
    toOverview();
  };

  return (
    <WorkloadFormFrame namespace={namespaceName} ready={Boolean(initialValues && job.data)}>
      {(options) =>
        initialValues &&
        job.data && (
          <JobForm
            mode="configure"
            initialValues={initialValues}
            {...options}
            pending={modifyJob.isPending}
            blockedReason={
              job.data.locked ? 'A change is being applied to this job. You can save once it is done.' : null
            }
            onSubmit={submit}
            onCancel={toOverview}
          />
        )
      }
    </WorkloadFormFrame>
  );
}
