import type { ContainerJobCreateInput, JobFieldsFragment } from '../generated/graphql.ts';
import { graphql } from '../generated/gql.ts';
import { waitForState, type PlatformApi } from './http.ts';

// Container job operations as clients write them, and waits on the simulated runtime.

graphql(`
  fragment RunFields on ContainerJobRun {
    name
    status
    startTime
    endTime
    duration
    message
    trigger
    attempts
  }
`);
graphql(`
  fragment JobFields on ContainerJob {
    name
    namespace {
      name
    }
    image
    privateRegistry {
      name
    }
    resources
    entrypoint
    command
    schedule
    enabled
    environmentVariables {
      id
      name
      value
      secret
    }
    mounts {
      path
      volume {
        name
      }
    }
    runs {
      ...RunFields
    }
    state
    locked
  }
`);

export const CREATE_JOB = graphql(`
  mutation CreateJob($input: ContainerJobCreateInput!) {
    containerJobCreate(scheduledJob: $input) {
      ...JobFields
    }
  }
`);
export const MODIFY_JOB = graphql(`
  mutation ModifyJob($input: ContainerJobModifyInput) {
    containerJobModify(scheduledJob: $input) {
      ...JobFields
    }
  }
`);
export const DELETE_JOB = graphql(`
  mutation DeleteJob($name: String!, $namespace: String!) {
    containerJobDelete(scheduledJob: { name: $name, namespace: $namespace })
  }
`);
export const RUN_JOB = graphql(`
  mutation RunJob($name: String!, $namespace: String!) {
    containerJobRun(scheduledJob: { name: $name, namespace: $namespace }) {
      ...RunFields
    }
  }
`);
export const JOB = graphql(`
  query Job($name: String!, $namespace: String!) {
    containerJob(name: $name, namespace: $namespace) {
      ...JobFields
    }
  }
`);
export const NAMESPACE_JOBS = graphql(`
  query NamespaceJobs($name: String!) {
    namespace(name: $name) {
      containerJobs {
        ...JobFields
      }
    }
  }
`);

export async function createJob(api: PlatformApi, input: ContainerJobCreateInput) {
  const { containerJobCreate } = await api.data(CREATE_JOB, { input });
  return containerJobCreate;
}

export async function jobByName(api: PlatformApi, namespace: string, name: string) {
  const { containerJob } = await api.data(JOB, { name, namespace });
  return containerJob;
}

/** Polls until the job is in this state and unlocked, and check (if given) holds; returns it. */
export function waitForJob(
  api: PlatformApi,
  namespace: string,
  name: string,
  check: (job: JobFieldsFragment) => boolean = () => true,
  state = 'created',
): Promise<JobFieldsFragment> {
  return waitForState(
    `container job ${name}`,
    state,
    async () => (await api.gql(JOB, { name, namespace })).body.data?.containerJob,
    { check, timeoutMs: 20_000, intervalMs: 50 },
  );
}
