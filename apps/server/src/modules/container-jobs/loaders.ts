import { batchLoader } from '../../batching.ts';
import type { ContainerJobStore } from './store.ts';

/** One request's loaders for container jobs and their children (see batching.ts). */
export function createRequestLoaders(store: ContainerJobStore) {
  return {
    jobsOfNamespace: batchLoader((ids: number[]) => store.listByNamespaces(ids), []),
    jobsOfVolume: batchLoader((ids: number[]) => store.listByVolumes(ids), []),
    variables: batchLoader((ids: number[]) => store.variablesOf(ids), []),
    mounts: batchLoader((ids: number[]) => store.mountsOf(ids), []),
    runs: batchLoader((ids: number[]) => store.runsOf(ids), []),
  };
}
