import type { NamespaceQuery } from '../../src/gql/graphql.ts';

/** A namespace at rest, as the `Namespace` query answers it. */
export function namespace(
  name: string,
  changes: Partial<NamespaceQuery['namespace']> = {},
): NamespaceQuery['namespace'] {
  return {
    id: '1',
    name,
    description: '',
    state: 'created',
    locked: false,
    internalName: `ns-${name}`,
    createdAt: '2024-12-01T08:00:00Z',
    modifiedAt: '2024-12-01T08:00:00Z',
    ...changes,
  };
}
