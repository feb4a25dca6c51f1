import {
  ApiException,
  KubernetesObjectApi,
  PatchStrategy,
  type KubeConfig,
  type KubernetesObject as ClientObject,
} from '@kubernetes/client-node';
// The client library's own registry of serializers, which its index does not export.
import { ObjectSerializer, defaultSerializer } from '@kubernetes/client-node/dist/serializer.js';
import type { KubernetesObject } from './objects.ts';

/**
 * Kinds the client library's own models would mangle go through as they are (its registry is global to the
 * process; this runs once when the module loads). For the kinds of Kubernetes' own API groups the generic
 * object API serializes through the client's models, which rename the fields that are reserved words in
 * TypeScript: V1NetworkPolicyIngressRule has `_from` for `from`, so a plain NetworkPolicy's `from` would be
 * dropped, leaving rules that admit everyone. Other groups' kinds (Knative, the operators') pass whole.
 */
export function registerPassThroughModels(): void {
  for (const kind of ['NetworkPolicy', 'NetworkPolicyList']) {
    ObjectSerializer.registerModel({ group: 'networking.k8s.io', version: 'v1', kind }, defaultSerializer);
  }
}
registerPassThroughModels();

/** Berth's name in the cluster's managedFields: every field it applies is its own. */
const FIELD_MANAGER = 'berth';

export interface ObjectReference {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

const isNotFound = (error: unknown) => error instanceof ApiException && error.code === 404;

/**
 * The few calls the driver makes on a cluster, through the client library's generic object API:
 * server-side apply (Berth owns the fields it sets, and takes them back from anyone who changed them),
 * read, list by label and delete that reports whether the object is gone.
 */
export function createClusterApi(kubeConfig: KubeConfig) {
  const objects = KubernetesObjectApi.makeApiClient(kubeConfig);

  async function read<T extends KubernetesObject>(reference: ObjectReference): Promise<T | undefined> {
    try {
      return (await objects.read(reference as ClientObject & ObjectReference)) as unknown as T;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  return {
    /** Applies each object in order (a Namespace before what it holds), forcing Berth's ownership of its fields. */
    async apply(list: KubernetesObject[]): Promise<KubernetesObject[]> {
      const applied = [];
      for (const object of list) {
        applied.push(
          (await objects.patch(
            object as ClientObject,
            undefined,
            undefined,
            FIELD_MANAGER,
            true,
            PatchStrategy.ServerSideApply,
          )) as unknown as KubernetesObject,
        );
      }
      return applied;
    },
    read,
    /** The objects of a kind with these labels, in a namespace or (without one) in all; with the list's version. */
    async list<T extends KubernetesObject>(
      apiVersion: string,
      kind: string,
      namespace: string | undefined,
      labelSelector: string,
    ): Promise<{ items: T[]; metadata?: { resourceVersion?: string } }> {
      const found = await objects.list(
        apiVersion,
        kind,
        namespace,
        undefined,
        undefined,
        undefined,
        undefined,
        labelSelector,
      );
      return found as unknown as { items: T[]; metadata?: { resourceVersion?: string } };
    },
    /**
     * Asks for the object's deletion (its dependents first: foreground) unless it is already going; true
     * once it is gone, so a caller waits by asking again.
     */
    async remove(reference: ObjectReference): Promise<boolean> {
      const current = await read(reference);
      if (!current) return true;
      if ((current.metadata as { deletionTimestamp?: string }).deletionTimestamp) return false;
      try {
        await objects.delete(
          reference as ClientObject & ObjectReference,
          undefined,
          undefined,
          undefined,
          undefined,
          'Foreground',
        );
      } catch (error) {
        if (isNotFound(error)) return true;
        throw error;
      }
      return false;
    },
  };
}

export type ClusterApi = ReturnType<typeof createClusterApi>;
