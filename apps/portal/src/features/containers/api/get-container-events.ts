import { resourceEventRowFragment, useResourceEvents } from '@/components/resource-events-query.ts';
import { graphql, withFragments } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { containerQueryKey } from './get-container.ts';

const containerEventsQuery = withFragments(
  graphql(`
    query ContainerEvents(
      $namespace: String!
      $name: String!
      $limit: Int!
      $after: String
      $kinds: [ResourceEventKind!]
    ) {
      container(containerResourceInput: { namespace: $namespace, name: $name }) {
        id
        events(limit: $limit, after: $after, kinds: $kinds) {
          ...ResourceEventRow
        }
      }
    }
  `),
  resourceEventRowFragment,
);

/** The container's newest events (the overview's Events section). */
export function useContainerEvents(namespace: string, name: string) {
  return useResourceEvents(containerQueryKey(namespace, name), (page, signal) =>
    platformRequest(containerEventsQuery, { namespace, name, ...page }, signal).then(
      (data) => data.container.events,
    ),
  );
}
