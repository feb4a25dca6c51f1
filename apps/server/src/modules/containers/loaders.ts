import { batchLoader } from '../../batching.ts';
import type { Db } from '../../db/client.ts';
import { createRegistryStore } from '../registries/store.ts';
import { createVolumeStore } from '../volumes/store.ts';
import { revisionsOf } from './revisions/store.ts';
import type { ContainerStore } from './store.ts';

/** One request's loaders for containers and what they point at (see batching.ts). */

export function createRequestLoaders(db: Db, store: ContainerStore) {
  const registries = createRegistryStore(db);
  const volumes = createVolumeStore(db);
  return {
    containersOfNamespace: batchLoader((ids: number[]) => store.listByNamespaces(ids), []),
    variables: batchLoader((ids: number[]) => store.variablesOf(ids), []),
    ingresses: batchLoader((ids: number[]) => store.ingressesOf(ids), []),
    mounts: batchLoader((ids: number[]) => store.mountsOf(ids), []),
    replicas: batchLoader((ids: number[]) => store.replicasOf(ids), []),
    revisions: batchLoader((ids: number[]) => revisionsOf(db, ids), []),
    registry: batchLoader((ids: number[]) => registries.byIds(ids), undefined),
    volume: batchLoader((ids: number[]) => volumes.byIds(ids), undefined),
  };
}

export type RequestLoaders = ReturnType<typeof createRequestLoaders>;
