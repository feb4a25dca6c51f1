import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  ApiError,
  badRequest,
  canonical,
  clone,
  defined,
  failure,
  identity,
  isRecord,
  key,
  NAMESPACE,
  notFound,
  now,
  qualified,
  SECRET,
  spec,
  typeFor,
  type KubeObject,
  type ResourceType,
} from './kubernetes-api.ts';
import { deliver, selector, type Change, type Matcher, type Watcher } from './kubernetes-watch.ts';

// What the Kubernetes stand-in (kubernetes-stand-in.ts) keeps, as kube-apiserver's storage does: objects under
// increasing resourceVersions, the history a watch replays from, and what server-side apply, delete and watch
// do to them. The stand-in serves it over HTTP and lets a test play the controllers' side.

export class KubernetesObjectStore {
  /** Watch requests answered with a stream, since the start. */
  watchConnections = 0;
  protected readonly objects = new Map<string, KubeObject>();
  protected readonly history: Change[] = [];
  protected readonly watchers = new Set<Watcher>();
  protected readonly lingering = new Set<ResourceType>();
  protected revision = 0;
  protected compactedAt = 0;

  protected stored(t: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const object = this.objects.get(key(t, namespace, name));
    if (!object) throw notFound(t, name);
    return object;
  }

  protected select(t: ResourceType, namespace: string | undefined, matches: Matcher): KubeObject[] {
    return [...this.objects.entries()]
      .filter(([, o]) => o.apiVersion === t.apiVersion && o.kind === t.kind)
      .filter(([, o]) => (namespace === undefined || o.metadata.namespace === namespace) && matches(o))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, o]) => o);
  }

  protected listBody(t: ResourceType, namespace: string | undefined, query: URLSearchParams) {
    const items = this.select(t, namespace, selector(query, t)).map(({ apiVersion, kind, ...rest }) =>
      clone(t.builtIn ? rest : { apiVersion, kind, ...rest }),
    );
    return {
      kind: `${t.kind}List`,
      apiVersion: t.apiVersion,
      metadata: { resourceVersion: String(this.revision) },
      items,
    };
  }

  /** Stores the object under the next resourceVersion and tells the watches. */
  protected commit(t: ResourceType, next: KubeObject, previous: KubeObject | undefined): KubeObject {
    next.metadata.resourceVersion = String(++this.revision);
    this.objects.set(key(t, next.metadata.namespace, next.metadata.name), next);
    this.emit({
      rv: this.revision,
      type: t,
      event: previous ? 'MODIFIED' : 'ADDED',
      object: clone(next),
      previous: previous && clone(previous),
    });
    return clone(next);
  }

  protected removeObject(t: ResourceType, object: KubeObject): KubeObject {
    this.objects.delete(key(t, object.metadata.namespace, object.metadata.name));
    const gone = clone(object);
    gone.metadata.resourceVersion = String(++this.revision);
    this.emit({ rv: this.revision, type: t, event: 'DELETED', object: gone });
    if (t === NAMESPACE) {
      // The namespace controller's part: what was in the namespace goes with it.
      for (const inside of [...this.objects.values()].filter(
        (o) => o.metadata.namespace === object.metadata.name,
      )) {
        const insideType = typeFor(inside.apiVersion, inside.kind);
        if (insideType.namespaced) this.removeObject(insideType, inside);
      }
    }
    return clone(gone);
  }

  protected emit(change: Change) {
    this.history.push(change);
    for (const watcher of this.watchers) deliver(watcher, change);
  }

  protected watch(
    t: ResourceType,
    namespace: string | undefined,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    const matches = selector(query, t);
    const resourceVersion = query.get('resourceVersion') ?? '';
    const from = resourceVersion === '' || resourceVersion === '0' ? undefined : Number(resourceVersion);
    if (from !== undefined && !Number.isInteger(from))
      throw badRequest(`invalid resourceVersion: ${resourceVersion}`);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.flushHeaders();
    this.watchConnections += 1;
    if (from !== undefined && from < this.compactedAt) {
      const expired = failure(410, 'Expired', `too old resource version: ${from} (${this.compactedAt})`);
      return response.end(`${JSON.stringify({ type: 'ERROR', object: expired })}\n`);
    }
    const watcher: Watcher = { type: t, namespace, matches, response };
    if (from === undefined) {
      // Without a resourceVersion (or "0") the current state comes first, as ADDED events.
      for (const object of this.select(t, namespace, matches))
        deliver(watcher, { rv: 0, type: t, event: 'ADDED', object });
    } else {
      for (const change of this.history) if (change.rv > from) deliver(watcher, change);
    }
    this.watchers.add(watcher);
    response.on('close', () => this.watchers.delete(watcher));
  }

  /** Server-side apply: the applied fields replace the stored ones; status and server-set metadata stay. */
  protected apply(
    t: ResourceType,
    namespace: string | undefined,
    name: string,
    body: unknown,
    contentType: string | undefined,
    query: URLSearchParams,
  ) {
    if (contentType?.split(';')[0]?.trim() !== 'application/apply-patch+yaml') {
      throw new ApiError(
        415,
        'UnsupportedMediaType',
        `the Kubernetes stand-in answers server-side apply only, not ${contentType}`,
      );
    }
    if (!query.get('fieldManager')) {
      const message = 'Required value: is required for apply patch';
      throw new ApiError(422, 'Invalid', `PatchOptions.meta.k8s.io "" is invalid: fieldManager: ${message}`, {
        ...{ group: 'meta.k8s.io', kind: 'PatchOptions' },
        causes: [{ reason: 'FieldValueRequired', message, field: 'fieldManager' }],
      });
    }
    if (!isRecord(body) || !isRecord(body.metadata)) throw badRequest('the body is not a Kubernetes object');
    const applied = body as KubeObject;
    if (applied.apiVersion !== t.apiVersion || applied.kind !== t.kind) {
      throw badRequest(
        `the data's apiVersion and kind (${applied.apiVersion} ${applied.kind}) do not match the path's`,
      );
    }
    if (applied.metadata.name !== name) {
      throw badRequest(
        `the name of the object (${applied.metadata.name}) does not match the name on the URL (${name})`,
      );
    }
    if (t.namespaced && (applied.metadata.namespace ?? namespace) !== namespace) {
      throw badRequest(
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    const previous = this.objects.get(key(t, namespace, name));
    const { labels, annotations, finalizers, ownerReferences } = applied.metadata;
    let next: KubeObject = {
      ...spec(applied),
      metadata: defined({
        ...{ name, namespace: t.namespaced ? namespace : undefined, labels, annotations },
        finalizers: finalizers ?? previous?.metadata.finalizers,
        ownerReferences: ownerReferences ?? previous?.metadata.ownerReferences,
        uid: previous?.metadata.uid ?? randomUUID(),
        resourceVersion: previous?.metadata.resourceVersion,
        creationTimestamp: previous?.metadata.creationTimestamp ?? now(),
        deletionTimestamp: previous?.metadata.deletionTimestamp,
      }),
      ...(t.hasStatus
        ? defined({ status: previous ? previous.status : t === NAMESPACE ? { phase: 'Active' } : undefined })
        : {}),
    };
    if (t === SECRET && isRecord(next.stringData)) {
      const { stringData, ...secret } = next;
      const encoded = Object.entries(stringData).map(([k, v]) => [
        k,
        Buffer.from(String(v)).toString('base64'),
      ]);
      next = {
        ...secret,
        data: { ...(isRecord(secret.data) ? secret.data : {}), ...Object.fromEntries(encoded) },
      };
    }
    const specChanged = !previous || canonical(spec(next)) !== canonical(spec(previous));
    next.metadata.generation = (previous?.metadata.generation ?? 0) + (specChanged ? 1 : 0);
    if (previous && canonical(next) === canonical(previous))
      return { created: false, object: clone(previous) };
    if (!previous) this.admit(t, next);
    return { created: !previous, object: this.commit(t, next, previous) };
  }

  /** The NamespaceLifecycle admission plugin: nothing new in a namespace that is missing or terminating. */
  protected admit(t: ResourceType, object: KubeObject) {
    const namespace = object.metadata.namespace;
    if (!t.namespaced || namespace === undefined) return;
    const owner = this.stored(NAMESPACE, undefined, namespace);
    if (owner.metadata.deletionTimestamp) {
      const message = `unable to create new content in namespace ${namespace} because it is being terminated`;
      throw new ApiError(
        403,
        'Forbidden',
        `${qualified(t)} "${object.metadata.name}" is forbidden: ${message}`,
        {
          ...identity(t, object.metadata.name),
          causes: [{ reason: 'NamespaceTerminating', message, field: 'metadata.namespace' }],
        },
      );
    }
  }

  /** At once (answering the object or a Status Success, as the kind's registry does), or lingering. */
  protected delete(t: ResourceType, namespace: string | undefined, name: string) {
    const previous = this.stored(t, namespace, name);
    if (this.lingering.has(t) || (previous.metadata.finalizers?.length ?? 0) > 0) {
      if (previous.metadata.deletionTimestamp) return clone(previous);
      const next = clone(previous);
      Object.assign(next.metadata, { deletionTimestamp: now(), deletionGracePeriodSeconds: 0 });
      if (t === NAMESPACE)
        next.status = { ...(isRecord(next.status) ? next.status : {}), phase: 'Terminating' };
      return this.commit(t, next, previous);
    }
    const gone = this.removeObject(t, previous);
    if (t.returnsDeleted) return gone;
    const details = { ...identity(t, name), uid: gone.metadata.uid };
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
  }
}
