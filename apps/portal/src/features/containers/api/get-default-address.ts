import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql/document.ts';
import { platformRequest } from '@/lib/graphql/platform.ts';
import { namespaceScopeKey } from '@/lib/query-keys.ts';
import { resourceNameProblem } from '@/lib/validation/resource-name.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';

// The default web address of a container name, as the platform names it (the customer's address suffix and
// the apps domain are the platform's to know): the form shows it before the container exists, and custom
// domains point their DNS record at it.

const defaultAddressQuery = graphql(`
  query DefaultContainerAddress($namespace: String!, $containerName: String!) {
    namespace(name: $namespace) {
      id
      defaultContainerAddress(containerName: $containerName)
    }
  }
`);

/** While the name is typed, the platform is asked once it has rested this long. */
const TYPING_PAUSE_MS = 300;

export const defaultAddressQueryOptions = (namespace: string, containerName: string) =>
  queryOptions({
    queryKey: [...namespaceScopeKey(namespace), 'default-container-address', containerName],
    queryFn: ({ signal }) =>
      platformRequest(defaultAddressQuery, { namespace, containerName }, signal).then(
        (data) => data.namespace.defaultContainerAddress,
      ),
    // A name's address never changes: it is asked for once.
    staleTime: Infinity,
  });

/**
 * The host name a container of this name gets by default, or undefined while the name is not a valid one
 * (the form says why) or the answer is on its way. Asked for after typing pauses.
 */
export function useDefaultContainerAddress(namespace: string, containerName: string): string | undefined {
  const settled = useDebouncedValue(containerName.trim(), TYPING_PAUSE_MS);
  const valid = resourceNameProblem(settled) === null;
  const { data } = useQuery({
    ...defaultAddressQueryOptions(namespace, settled),
    enabled: valid,
    // The previous name's address stays in view while the next one is on its way, instead of flickering.
    placeholderData: keepPreviousData,
  });
  return valid ? data : undefined;
}
