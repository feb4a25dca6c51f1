import type {
  ContainerResources,
  JobRunTrigger,
  Resolvers,
  ResolversParentTypes,
} from '../../generated/resolvers-types.ts';
import { requiredInput } from '../../errors.ts';
import { namespaceOf } from '../namespaces/loaders.ts';

/** The stored trigger (container_job_runs.trigger) as the API names it. */
const RUN_TRIGGERS: Record<ResolversParentTypes['ContainerJobRun']['trigger'], JobRunTrigger> = {
  schedule: 'SCHEDULE',
  manual: 'MANUAL',
};

const durationSeconds = (start: Date | null, end: Date | null) =>
  start && end ? Math.round((end.getTime() - start.getTime()) / 1000) : null;

export const containerJobResolvers: Resolvers = {
  Query: {
    containerJob: (_parent, args, { account, services }) => services.containerJobs.find(account, args),
  },
  Mutation: {
    containerJobCreate: (_parent, { scheduledJob }, { account, services }) =>
      services.containerJobs.create(account, scheduledJob),
    containerJobModify: (_parent, { scheduledJob }, { account, services }) =>
      services.containerJobs.modify(account, requiredInput('scheduledJob', scheduledJob)),
    containerJobDelete: (_parent, { scheduledJob }, { account, services }) =>
      services.containerJobs.delete(account, scheduledJob),
    containerJobRun: (_parent, { scheduledJob }, { account, services }) =>
      services.containerJobs.run(account, scheduledJob),
    containerJobRunStop: (_parent, { scheduledJob, run }, { account, services }) =>
      services.containerJobs.stopRun(account, scheduledJob, run),
  },
  Namespace: {
    containerJobs: (namespace, _args, context) => context.loaders.containerJobs.jobsOfNamespace(namespace.id),
  },
  Volume: {
    containerJobs: (volume, _args, context) => context.loaders.containerJobs.jobsOfVolume(volume.id),
  },
  ContainerJob: {
    namespace: (row, _args, context) => namespaceOf(context, row.namespaceId),
    resources: (row) => row.resources as ContainerResources,
    privateRegistry: async (row, _args, context) =>
      row.registryId === null ? null : ((await context.loaders.containers.registry(row.registryId)) ?? null),
    environmentVariables: (row, _args, context) => context.loaders.containerJobs.variables(row.id),
    mounts: (row, _args, context) => context.loaders.containerJobs.mounts(row.id),
    runs: (row, _args, context) => context.loaders.containerJobs.runs(row.id),
  },
  ContainerJobRun: {
    duration: (run) => durationSeconds(run.startTime, run.endTime),
    trigger: (run) => RUN_TRIGGERS[run.trigger],
  },
};
