import type { Resolvers } from '../../generated/resolvers-types.ts';

// `metrics` of containers and container jobs: the parent was found as the signed-in customer's.
export const metricResolvers: Resolvers = {
  Container: {
    metrics: (row, { range }, { services }) =>
      services.metrics.series({ kind: 'container', id: row.id }, range ?? 'HOUR'),
  },
  ContainerJob: {
    metrics: (row, { range }, { services }) =>
      services.metrics.series({ kind: 'container-job', id: row.id }, range ?? 'HOUR'),
  },
};
