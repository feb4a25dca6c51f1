import { useQuery } from '@tanstack/react-query';
import { graphql } from '../../lib/graphql/document.ts';
import { platformRequest } from '../../lib/graphql/platform.ts';
import { namespaceScopeKey } from '../../lib/query-keys.ts';

const workloadFormOptionsQuery = graphql(`
  query WorkloadFormOptions($namespace: String!) {
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

export interface WorkloadFormOptions {
  registries: readonly { name: string; source: string }[];
  volumes: readonly { name: string; size: number }[];
}

/** What a container's or job's form offers to choose from: the namespace's registries and volumes. */
export function useWorkloadFormOptions(namespace: string) {
  return useQuery({
    queryKey: [...namespaceScopeKey(namespace), 'workload-form-options'],
    queryFn: ({ signal }): Promise<WorkloadFormOptions> =>
      platformRequest(workloadFormOptionsQuery, { namespace }, signal).then(({ namespace }) => ({
        registries: namespace.privateRegistries,
        volumes: namespace.volumes ?? [],
      })),
  });
}
