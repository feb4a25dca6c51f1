import { changeNote } from '../../lib/resource-activity.ts';
import type { NamedResource, ResourceGroup } from '../confirm-dialog.tsx';

/** A workload as a confirmation names it; with its state, it says how it is changing. */
interface Workload {
  name: string;
  state?: string;
  locked?: boolean;
}

/** Containers and container jobs: those in a namespace, or those using a volume or a registry. */
export interface Workloads {
  containers: readonly Workload[];
  containerJobs: readonly Workload[];
}

const noteOf = ({ state, locked }: Workload) =>
  state === undefined ? undefined : changeNote({ state, locked });

export const hasWorkloads = (workloads: Workloads) =>
  workloads.containers.length + workloads.containerJobs.length > 0;

/** The workloads as a confirmation lists them: each name a link to its page, each kind's count to its tab. */
export function workloadGroups(namespaceName: string, workloads: Workloads): ResourceGroup[] {
  const containers: ResourceGroup = {
    one: 'container',
    many: 'containers',
    link: { to: '/compute/serverless-containers/$namespaceName/containers', params: { namespaceName } },
    items: workloads.containers.map((container): NamedResource => ({
      name: container.name,
      note: noteOf(container),
      link: {
        to: '/compute/serverless-containers/$namespaceName/container/$containerName',
        params: { namespaceName, containerName: container.name },
      },
    })),
  };
  const containerJobs: ResourceGroup = {
    one: 'container job',
    many: 'container jobs',
    link: { to: '/compute/serverless-containers/$namespaceName/container-jobs', params: { namespaceName } },
    items: workloads.containerJobs.map((job): NamedResource => ({
      name: job.name,
      note: noteOf(job),
      link: {
        to: '/compute/serverless-containers/$namespaceName/container-job/$containerJobName',
        params: { namespaceName, containerJobName: job.name },
      },
    })),
  };
  return [containers, containerJobs].filter((group) => group.items.length > 0);
}
