import { graphql } from '@/lib/graphql/document.ts';

// What the portal reads of a container, once per type it shows: ContainerRow and ContainerDetails. Every
// operation asking for one of them, queries and the changes' answers alike, spreads its fragment and is sent
// with it (withFragments); ContainerDetails spreads ExternalConnectionView, sent with it too.

export const containerRowFragment = graphql(`
  fragment ContainerRow on Container {
    id
    name
    image
    state
    locked
    resources
    numberOfReplicas
    availableReplicas
    autoScaling {
      replicas {
        minimum
        maximum
      }
    }
    ingresses {
      id
      url
    }
    problem {
      cause
    }
  }
`);

export const containerDetailsFragment = graphql(`
  fragment ContainerDetails on Container {
    id
    name
    image
    privateRegistry {
      id
      name
      source
    }
    entrypoint
    command
    resources
    ports
    environmentVariables {
      id
      name
      value
      secret
    }
    ingresses {
      id
      domainName
      url
      port
      enableTLS
      allowlist
    }
    mounts {
      path
      volume {
        id
        name
        size
      }
    }
    healthCheck {
      port
      path
    }
    autoScaling {
      replicas {
        minimum
        maximum
      }
      triggers {
        type
        threshold
      }
    }
    numberOfReplicas
    availableReplicas
    problem {
      cause
      advice
      replica
    }
    replicas {
      name
      status
      statusMessage
      image
    }
    state
    locked
    createdAt
    modifiedAt
    externalConnection {
      ...ExternalConnectionView
    }
  }
`);
