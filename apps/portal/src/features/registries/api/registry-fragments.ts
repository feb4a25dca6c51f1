import { graphql } from '@/lib/graphql/document.ts';

// What the portal reads of a registry, once per type it shows: RegistryRow. Every operation asking for one of
// them, queries and the changes' answers alike, spreads its fragment and is sent with it (withFragments).

export const registryRowFragment = graphql(`
  fragment RegistryRow on PrivateRegistry {
    id
    name
    source
    username
    state
    locked
    createdAt
  }
`);
