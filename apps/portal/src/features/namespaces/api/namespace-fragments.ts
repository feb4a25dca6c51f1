import { graphql } from '@/lib/graphql/document.ts';

// What the portal reads of a namespace, once per type it shows: NamespaceRow and NamespaceDetails. Every
// operation asking for one of them, queries and the changes' answers alike, spreads its fragment and is sent
// with it (withFragments).

export const namespaceRowFragment = graphql(`
  fragment NamespaceRow on Namespace {
    id
    name
    description
    state
    locked
    createdAt
    containers {
      id
    }
    containerJobs {
      name
    }
    privateRegistries {
      id
    }
    volumes {
      id
    }
  }
`);

export const namespaceDetailsFragment = graphql(`
  fragment NamespaceDetails on Namespace {
    id
    name
    description
    state
    locked
    internalName
    createdAt
    modifiedAt
  }
`);
