import { resourceEventRowFragment, useResourceEvents } from '@/components/resource-events-query.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerJobQueryKey } from './get-container-job.ts';

const containerJobEventsQuery = withFragments(
  graphql(`
    query ContainerJobEvents(
      $namespace: String!
      $name: String!
      $limit: Int!
      $after: String
      $kinds: [ResourceEventKind!]
    ) {
      containerJob(namespace: $namespace, name: $name) {
        events(limit: $limit, after: $after, kinds: $kinds) {
          ...ResourceEventRow
        }
      }
    }
  `),
  resourceEventRowFragment,
);

/** The job's newest events: its runs started and finished, and who changed it (the overview's Events section). */
export function useContainerJobEvents(namespace: string, name: string) {
  return useResourceEvents(containerJobQueryKey(namespace, name), (page, signal) =>
    platformRequest(containerJobEventsQuery, { namespace, name, ...page }, signal).then(
      (data) => data.containerJob.events,
    ),
  );
}
