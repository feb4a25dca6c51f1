import { graphql } from '../generated/gql.ts';
import { waitForState, type PlatformApi } from './http.ts';

// Volume operations as clients write them, and the wait for the simulated runtime.

graphql(`
  fragment VolumeFields on Volume {
    id
    name
    state
    locked
    size
    sizeMb: size(unit: MB)
    sizeTb: size(unit: TB)
    namespace {
      name
    }
  }
`);

export const CREATE_VOLUME = graphql(`
  mutation CreateVolume($name: String!, $namespace: String!, $size: Int!) {
    volumeCreate(volumeInput: { name: $name, namespace: $namespace, size: $size }) {
      ...VolumeFields
    }
  }
`);
export const DELETE_VOLUME = graphql(`
  mutation DeleteVolume($name: String!, $namespace: String!) {
    volumeDelete(volume: { name: $name, namespace: $namespace })
  }
`);
export const VOLUME = graphql(`
  query Volume($id: ID!) {
    volume(id: $id) {
      ...VolumeFields
    }
  }
`);

/** Polls until the volume is in this state and unlocked; returns it. */
export function waitForVolume(api: PlatformApi, id: string, state: string) {
  return waitForState(`volume ${id}`, state, async () => (await api.gql(VOLUME, { id })).body.data?.volume);
}
