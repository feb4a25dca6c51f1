import { graphql } from '@/lib/graphql/document.ts';

// What the portal reads of a container job, once per type it shows: ContainerJobRow and ContainerJobDetails.
// Every operation asking for one of them, queries and the changes' answers alike, spreads its fragment and is
// sent with it (withFragments).

export const containerJobRowFragment = graphql(`
  fragment ContainerJobRow on ContainerJob {
    name
    image
    schedule
    resources
    enabled
    state
    locked
    runs {
      name
      status
      startTime
    }
  }
`);

export const containerJobDetailsFragment = graphql(`
  fragment ContainerJobDetails on ContainerJob {
    name
    image
    privateRegistry {
      id
      name
      source
    }
    resources
    entrypoint
    command
    schedule
    enabled
    timeoutSeconds
    retries
    environmentVariables {
      id
      name
      value
      secret
    }
    mounts {
      path
      volume {
        id
        name
        size
      }
    }
    runs {
      name
      trigger
      status
      startTime
      endTime
      duration
      message
      attempts
    }
    state
    locked
  }
`);
