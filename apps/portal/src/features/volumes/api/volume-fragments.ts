import { graphql } from '@/lib/graphql/document.ts';

// What the portal reads of a volume, once per type it shows: VolumeRow. Every operation asking for one of
// them, queries and the changes' answers alike, spreads its fragment and is sent with it (withFragments).

export const volumeRowFragment = graphql(`
  fragment VolumeRow on Volume {
    id
    name
    size
    usage
    state
    locked
    containers {
      id
      name
      state
    }
    containerJobs {
      name
      state
    }
  }
`);
