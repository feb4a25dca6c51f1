import type { TestCustomer } from './customers.ts';
import { eventually } from './http.ts';

// Container job operations as clients write them, and waits on the simulated runtime.

export const RUN_FIELDS = 'name status startTime endTime duration message';
export const JOB_FIELDS = `name namespace { name } image privateRegistry { name } resources entrypoint command
  schedule enabled environmentVariables { id name value secret } mounts { path volume { name } }
  runs { ${RUN_FIELDS} } state locked`;

export interface RunView {
  name: string;
  status: string;
  startTime: string | null;
  endTime: string | null;
  duration: number | null;
  message: string | null;
}

export interface JobView {
  name: string;
  namespace: { name: string };
  image: string;
  privateRegistry: { name: string } | null;
  resources: string;
  entrypoint: string[] | null;
  command: string[] | null;
  schedule: string;
  enabled: boolean;
  environmentVariables: { id: string; name: string; value: string | null; secret: boolean }[];
  mounts: { path: string; volume: { name: string } }[];
  runs: RunView[];
  state: string;
  locked: boolean;
}

export const CREATE_JOB = `mutation Create($input: ContainerJobCreateInput!) {
  containerJobCreate(scheduledJob: $input) { ${JOB_FIELDS} }
}`;
export const MODIFY_JOB = `mutation Modify($input: ContainerJobModifyInput) {
  containerJobModify(scheduledJob: $input) { ${JOB_FIELDS} }
}`;
export const DELETE_JOB = `mutation Delete($name: String!, $namespace: String!) {
  containerJobDelete(scheduledJob: { name: $name, namespace: $namespace })
}`;
export const RUN_JOB = `mutation Run($name: String!, $namespace: String!) {
  containerJobRun(scheduledJob: { name: $name, namespace: $namespace }) { ${RUN_FIELDS} }
}`;
export const JOB = `query Job($name: String!, $namespace: String!) {
  containerJob(name: $name, namespace: $namespace) { ${JOB_FIELDS} }
}`;
export const NAMESPACE_JOBS = `query Jobs($name: String!) {
  namespace(name: $name) { containerJobs { ${JOB_FIELDS} } }
}`;

export async function createJob(customer: TestCustomer, input: Record<string, unknown>) {
  const { containerJobCreate } = await customer.data<{ containerJobCreate: JobView }>(CREATE_JOB, { input });
  return containerJobCreate;
}

export async function jobByName(customer: TestCustomer, namespace: string, name: string) {
  const { containerJob } = await customer.data<{ containerJob: JobView }>(JOB, { name, namespace });
  return containerJob;
}

/** Polls until the job is in this state and unlocked, and check (if given) holds; returns it. */
export function waitForJob(
  customer: TestCustomer,
  namespace: string,
  name: string,
  check: (job: JobView) => boolean = () => true,
  state = 'created',
): Promise<JobView> {
  return eventually(
    `container job ${name} to be ${state}`,
    async () => {
      const { body } = await customer.gql<{ containerJob: JobView }>(JOB, { name, namespace });
      const job = body.data?.containerJob;
      return job?.state === state && !job.locked && check(job) ? job : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 50 },
  );
}
