import { useQuery } from '@tanstack/react-query';
import { graphql } from '../../../lib/graphql/document.ts';
import { platformRequest } from '../../../lib/graphql/platform.ts';
import { namespaceScopeKey } from '../../../lib/query-keys.ts';

const containerFormOptionsQuery = graphql(`
  query ContainerFormOptions($namespace: String!) {
    namespace(name: $namespace) {
      id
      privateRegistries {
        id
        name
        source
      }
      volumes {
        id
        name
        size
      }
    }
  }
`);

/** What the container form offers to choose from: the namespace's registries and volumes. */
export function useContainerFormOptions(namespace: string) {
  return useQuery({
    queryKey: [...namespaceScopeKey(namespace), 'container-form-options'],
    queryFn: ({ signal }) =>
      platformRequest(containerFormOptionsQuery, { namespace }, signal).then(({ namespace }) => ({
        registries: namespace.privateRegistries,
        volumes: namespace.volumes ?? [],
      })),
  });
}
