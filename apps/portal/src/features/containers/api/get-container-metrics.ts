import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContainerMetricsQuery, MetricsRange } from '@/gql/graphql.ts';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerQueryKey } from './get-container.ts';

const containerMetricsQuery = graphql(`
  query ContainerMetrics($namespace: String!, $name: String!, $range: MetricsRange!) {
    container(containerResourceInput: { namespace: $namespace, name: $name }) {
      id
      metrics(range: $range) {
        range
        resolution
        unavailable
        series {
          metric
          unit
          unavailable
          points {
            at
            average
            maximum
          }
        }
      }
    }
  }
`);

export type ContainerMetrics = ContainerMetricsQuery['container']['metrics'];
export type MetricSeries = ContainerMetrics['series'][number];

/** The runtime samples every few seconds into minute points: a new one is there at least every minute. */
const metricsRefreshMs = 30_000;

export const containerMetricsQueryOptions = (namespace: string, name: string, range: MetricsRange) =>
  queryOptions({
    queryKey: [...containerQueryKey(namespace, name), 'metrics', range],
    queryFn: ({ signal }) =>
      platformRequest(containerMetricsQuery, { namespace, name, range }, signal).then(
        (data) => data.container.metrics,
      ),
    refetchInterval: metricsRefreshMs,
    // A missing container is said by the page around the charts.
    meta: { quietCodes: ['NOT_FOUND'] },
  });

/** CPU, memory and requests of the container's replicas over the range ending now. */
export function useContainerMetrics(namespace: string, name: string, range: MetricsRange) {
  return useQuery(containerMetricsQueryOptions(namespace, name, range));
}
