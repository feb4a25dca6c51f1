import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { WorkloadFormFrame } from '@/components/workload/workload-form-frame.tsx';
import { useCreateContainerJob } from '../api/create-container-job.ts';
import { JobForm } from '../components/job-form.tsx';
import { toJobCreateInput } from '../components/job-input.ts';
import { defaultJobValues, type JobFormValues } from '../components/job-schema.ts';

const route = getRouteApi('/compute/serverless-containers/$namespaceName/container-job/new');

export function CreateJobPage() {
  const { namespaceName } = route.useParams();
  const navigate = useNavigate();
  const createJob = useCreateContainerJob();
  const backToNamespace = () =>
    void navigate({
      to: '/compute/serverless-containers/$namespaceName/container-jobs',
      params: { namespaceName },
    });

  const submit = async (values: JobFormValues) => {
    const created = await createJob.mutateAsync(toJobCreateInput(namespaceName, values));
    showSnackbar(`Your container job ${created.name} is being created`, 'success');
    void navigate({
      to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName/overview',
      params: { namespaceName, containerJobName: created.name },
    });
  };

  return (
    <>
      <PageHeader title="Create container job" subtitle={`In namespace ${namespaceName}`} />
      <WorkloadFormFrame namespace={namespaceName}>
        {(options) => (
          <JobForm
            mode="create"
            initialValues={defaultJobValues}
            {...options}
            pending={createJob.isPending}
            onSubmit={submit}
            onCancel={backToNamespace}
          />
        )}
      </WorkloadFormFrame>
    </>
  );
}
