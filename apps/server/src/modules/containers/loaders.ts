import { batchLoader } from '../../batching.ts';
import type { ContainerStore } from './store.ts';

/** One request's loaders for containers and what they point at (see batching.ts). */

export function createRequestLoaders(store: ContainerStore) {
  return {
    containersOfNamespace: batchLoader((ids: number[]) => store.listByNamespaces(ids), []),
    variables: batchLoader((ids: number[]) => store.variablesOf(ids), []),
    ingresses: batchLoader((ids: number[]) => store.ingressesOf(ids), []),
    mounts: batchLoader((ids: number[]) => store.mountsOf(ids), []),
    replicas: batchLoader((ids: number[]) => store.replicasOf(ids), []),
    registry: batchLoader((ids: number[]) => store.registriesById(ids), undefined),
    volume: batchLoader((ids: number[]) => store.volumesById(ids), undefined),
  };
}

export type RequestLoaders = ReturnType<typeof createRequestLoaders>;
