import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { parse as parseYaml } from 'yaml';

// A stand-in of a Kubernetes API server on a random local port (plain http, bearer token) for the kinds
// Berth's Kubernetes driver puts on a cluster. It answers as kube-apiserver does: discovery, server-side apply,
// read, list, delete and watch (with label and field selectors), pod logs, Status objects for failures. The
// controllers' side (status, the Jobs and Pods a CronJob makes, deletions that wait) is the test's, through
// the helpers. Every request is recorded. Not served: POST, PUT, non-apply patches, subresources but pods/log.

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  [field: string]: unknown;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  /** The path as sent (percent-encoded), without the query. */
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as YAML (JSON is YAML); undefined when there is none. */
  body: unknown;
}

interface ResourceType {
  apiVersion: string;
  group: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  /** Compiled into kube-apiserver: the items of its lists carry no apiVersion and kind (custom resources' do). */
  builtIn: boolean;
  /** The registry's ReturnDeletedObject: a DELETE that removes at once answers with the object, else a Status. */
  returnsDeleted: boolean;
  hasStatus: boolean;
}

function type(apiVersion: string, resource: string, kind: string, flags = ''): ResourceType {
  const group = apiVersion.includes('/') ? (apiVersion.split('/')[0] ?? '') : '';
  return {
    ...{ apiVersion, group, resource, kind, namespaced: !flags.includes('cluster') },
    builtIn: !group.includes('.') || group.endsWith('.k8s.io'),
    returnsDeleted: flags.includes('returns'),
    hasStatus: kind !== 'Secret' && kind !== 'NetworkPolicy',
  };
}
const NAMESPACE = type('v1', 'namespaces', 'Namespace', 'cluster returns');
const SECRET = type('v1', 'secrets', 'Secret');
const POD = type('v1', 'pods', 'Pod', 'returns');
const TYPES: ResourceType[] = [
  NAMESPACE,
  type('v1', 'resourcequotas', 'ResourceQuota', 'returns'),
  SECRET,
  type('v1', 'services', 'Service', 'returns'),
  type('v1', 'persistentvolumeclaims', 'PersistentVolumeClaim', 'returns'),
  POD,
  type('networking.k8s.io/v1', 'networkpolicies', 'NetworkPolicy'),
  type('batch/v1', 'cronjobs', 'CronJob'),
  type('batch/v1', 'jobs', 'Job'),
  type('serving.knative.dev/v1', 'services', 'Service'),
  type('serving.knative.dev/v1beta1', 'domainmappings', 'DomainMapping'),
  type('postgresql.cnpg.io/v1', 'clusters', 'Cluster'),
  type('postgresql.cnpg.io/v1', 'databases', 'Database'),
];
const typeFor = (apiVersion: string, kind: string) => {
  const found = TYPES.find((t) => t.apiVersion === apiVersion && t.kind === kind);
  if (!found) throw new Error(`the Kubernetes stand-in does not serve ${apiVersion} ${kind}`);
  return found;
};

/** GET /api/v1, /apis/{group}/{version}: KubernetesObjectApi takes the first resource whose kind matches. */
function discovery(apiVersion: string) {
  const verbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
  const resources = TYPES.filter((t) => t.apiVersion === apiVersion).flatMap(
    ({ resource, kind, namespaced }) => [
      { name: resource, singularName: kind.toLowerCase(), namespaced, kind, verbs },
      ...(kind === 'Pod' && apiVersion === 'v1'
        ? [{ name: 'pods/log', singularName: '', namespaced, kind, verbs: ['get'] }]
        : []),
    ],
  );
  return {
    kind: 'APIResourceList',
    ...(apiVersion === 'v1' ? {} : { apiVersion: 'v1' }),
    groupVersion: apiVersion,
    resources,
  };
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: object,
  ) {
    super(message);
  }
}

const failure = (code: number, reason: string, message: string, details?: object) => ({
  ...{ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason },
  ...(details ? { details } : {}),
  code,
});
const badRequest = (message: string) => new ApiError(400, 'BadRequest', message);
const qualified = (t: ResourceType) => (t.group ? `${t.resource}.${t.group}` : t.resource);
const identity = (t: ResourceType, name: string) => ({
  name,
  ...(t.group ? { group: t.group } : {}),
  kind: t.resource,
});
const notFound = (t: ResourceType, name: string) =>
  new ApiError(404, 'NotFound', `${qualified(t)} "${name}" not found`, identity(t, name));

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const clone = <T>(value: T): T => structuredClone(value);
const isTrue = (value: string | null) =>
  value !== null && ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
/** JSON with sorted keys: equal for equal objects whatever their keys' order. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );
const spec = ({ metadata: _metadata, status: _status, ...fields }: KubeObject) => fields;

type Matcher = (object: KubeObject) => boolean;

/** labelSelector (`k=v`, `k==v`, `k!=v`, `k`, `!k`, comma-separated) and fieldSelector on metadata.name/namespace. */
function selector(query: URLSearchParams): Matcher {
  const terms = (name: string) =>
    (query.get(name) ?? '')
      .split(',')
      .map((term) => term.trim())
      .filter(Boolean);
  const tests = [
    ...terms('labelSelector').map((term): Matcher => {
      const [, not, key = '', operator, value] =
        /^(!?)([\w./-]+)(?:\s*(==|=|!=)\s*([\w.-]*))?$/.exec(term) ?? [];
      if (!key || (not && operator)) throw badRequest(`unable to parse requirement: ${term}`);
      return ({ metadata: { labels = {} } }) =>
        operator
          ? (labels[key] === value) !== (operator === '!=')
          : Object.hasOwn(labels, key) !== (not === '!');
    }),
    ...terms('fieldSelector').map((term): Matcher => {
      const [, field = term, operator, value] =
        /^(metadata\.(?:name|namespace))\s*(==|=|!=)\s*(.*)$/.exec(term) ?? [];
      if (!operator) throw badRequest(`field label not supported: ${field}`);
      return (o) => (o.metadata[field.slice('metadata.'.length)] === value) !== (operator === '!=');
    }),
  ];
  return (object) => tests.every((test) => test(object));
}

interface Change {
  rv: number;
  type: ResourceType;
  event: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
  previous?: KubeObject;
}

interface Watcher {
  type: ResourceType;
  namespace: string | undefined;
  matches: Matcher;
  response: ServerResponse;
}

function send(response: ServerResponse, code: number, body: unknown, contentType = 'application/json') {
  response.writeHead(code, { 'Content-Type': contentType });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export class KubernetesStandIn {
  readonly requests: RecordedRequest[] = [];
  /** The bearer token every request must carry (kubeConfig() sets it); others are answered 401. */
  readonly token = randomBytes(16).toString('hex');
  /** Watch requests answered with a stream, since the start. */
  watchConnections = 0;
  private readonly objects = new Map<string, KubeObject>();
  private readonly history: Change[] = [];
  private readonly watchers = new Set<Watcher>();
  private readonly lingering = new Set<ResourceType>();
  private readonly logs = new Map<string, string>();
  private revision = 0;
  private compactedAt = 0;
  private readonly server = createServer((request, response) => this.receive(request, response));

  async listen() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The stand-in's address with skipTLSVerify (the client refuses http: without it) and a bearer token. */
  kubeConfig(options: { token?: string; namespace?: string } = {}): KubeConfig {
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'stand-in', server: this.url, skipTLSVerify: true }],
      users: [{ name: 'berth', token: options.token ?? this.token }],
      contexts: [
        defined({ name: 'stand-in', cluster: 'stand-in', user: 'berth', namespace: options.namespace }),
      ],
      currentContext: 'stand-in',
    });
    return kc;
  }

  clearRequests() {
    this.requests.length = 0;
  }

  get(apiVersion: string, kind: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const object = this.objects.get(key(typeFor(apiVersion, kind), namespace, name));
    return object && clone(object);
  }

  /** The objects of a kind (in a namespace, or all), by namespace and name. */
  list(apiVersion: string, kind: string, namespace?: string): KubeObject[] {
    return this.select(typeFor(apiVersion, kind), namespace, () => true).map(clone);
  }

  /** Creates or replaces an object as a controller does (a CronJob's Job, a Job's Pod): ADDED or MODIFIED. */
  put(object: KubeObject): KubeObject {
    const t = typeFor(object.apiVersion, object.kind);
    const previous = this.objects.get(key(t, object.metadata.namespace, object.metadata.name));
    const next = clone(object);
    next.metadata.uid = previous?.metadata.uid ?? next.metadata.uid ?? randomUUID();
    next.metadata.creationTimestamp =
      previous?.metadata.creationTimestamp ?? next.metadata.creationTimestamp ?? now();
    next.metadata.generation ??= previous?.metadata.generation ?? 1;
    return this.commit(t, next, previous);
  }

  /** The controller's side: replaces .status, bumps resourceVersion (not generation): MODIFIED. */
  setStatus(apiVersion: string, kind: string, namespace: string | undefined, name: string, status: unknown) {
    const t = typeFor(apiVersion, kind);
    const previous = this.stored(t, namespace, name);
    return this.commit(t, { ...clone(previous), status: clone(status) }, previous);
  }

  /** Removes an object at once, as a garbage collector or the kubelet does: DELETED. False when there was none. */
  remove(apiVersion: string, kind: string, namespace: string | undefined, name: string): boolean {
    const t = typeFor(apiVersion, kind);
    const object = this.objects.get(key(t, namespace, name));
    if (object) this.removeObject(t, object);
    return object !== undefined;
  }

  /** From now on a DELETE of this kind sets metadata.deletionTimestamp; the object stays until finishDeletion. */
  lingerDeletion(apiVersion: string, kind: string) {
    this.lingering.add(typeFor(apiVersion, kind));
  }

  finishDeletion(apiVersion: string, kind: string, namespace: string | undefined, name: string) {
    const t = typeFor(apiVersion, kind);
    const object = this.stored(t, namespace, name);
    if (!object.metadata.deletionTimestamp) throw new Error(`${kind} ${name} is not being deleted`);
    this.removeObject(t, object);
  }

  /** What GET /api/v1/namespaces/{namespace}/pods/{pod}/log answers (for that container, or any). */
  setPodLog(namespace: string, pod: string, text: string, container?: string) {
    this.logs.set(`${namespace}/${pod}/${container ?? ''}`, text);
  }

  get openWatches() {
    return this.watchers.size;
  }

  /** Ends every open watch response, as the API server does at a watch's timeout or when it restarts. */
  endWatches() {
    for (const watcher of this.watchers) watcher.response.end();
    this.watchers.clear();
  }

  /** Forgets the history: a watch from an older resourceVersion gets an ERROR event (410 Expired) and ends. */
  compact() {
    this.compactedAt = this.revision;
    this.history.length = 0;
  }

  async close() {
    this.endWatches();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private receive(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const [method, query, rawBody] = [
        request.method ?? 'GET',
        url.searchParams,
        Buffer.concat(chunks).toString(),
      ];
      const contentType = request.headers['content-type'];
      const recorded: RecordedRequest = {
        method,
        path: url.pathname,
        query,
        contentType,
        headers: request.headers,
        rawBody,
        body: undefined,
      };
      this.requests.push(recorded);
      try {
        if (request.headers.authorization !== `Bearer ${this.token}`)
          throw new ApiError(401, 'Unauthorized', 'Unauthorized');
        try {
          recorded.body = rawBody ? (parseYaml(rawBody) as unknown) : undefined;
        } catch {
          throw badRequest('the request body is neither JSON nor YAML');
        }
        this.route(method, url.pathname, query, recorded.body, contentType, response);
      } catch (error) {
        const e = error instanceof ApiError ? error : new ApiError(500, 'InternalError', String(error));
        send(response, e.code, failure(e.code, e.reason, e.message, e.details));
      }
    });
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    contentType: string | undefined,
    response: ServerResponse,
  ) {
    const target = parsePath(path);
    if (!target) return send(response, 404, '404 page not found\n', 'text/plain; charset=utf-8');
    const { apiVersion, type: t, namespace, name, subresource } = target;
    if (method === 'GET' && !t) return send(response, 200, discovery(apiVersion));
    if (method === 'GET' && t && name === undefined && isTrue(query.get('watch')))
      return this.watch(t, namespace, query, response);
    if (method === 'GET' && t && name === undefined)
      return send(response, 200, this.listBody(t, namespace, query));
    if (method === 'GET' && t && name !== undefined && subresource === 'log')
      return this.podLog(namespace, name, query, response);
    if (method === 'GET' && t && name !== undefined)
      return send(response, 200, clone(this.stored(t, namespace, name)));
    if (method === 'PATCH' && t && name !== undefined && !subresource) {
      const { created, object } = this.apply(t, namespace, name, body, contentType, query);
      return send(response, created ? 201 : 200, object);
    }
    if (method === 'DELETE' && t && name !== undefined && !subresource)
      return send(response, 200, this.delete(t, namespace, name));
    throw new ApiError(
      405,
      'MethodNotAllowed',
      `the Kubernetes stand-in does not serve ${method} ${path}`,
      {},
    );
  }

  private stored(t: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const object = this.objects.get(key(t, namespace, name));
    if (!object) throw notFound(t, name);
    return object;
  }

  private select(t: ResourceType, namespace: string | undefined, matches: Matcher): KubeObject[] {
    return [...this.objects.entries()]
      .filter(([, o]) => o.apiVersion === t.apiVersion && o.kind === t.kind)
      .filter(([, o]) => (namespace === undefined || o.metadata.namespace === namespace) && matches(o))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, o]) => o);
  }

  private listBody(t: ResourceType, namespace: string | undefined, query: URLSearchParams) {
    const items = this.select(t, namespace, selector(query)).map(({ apiVersion, kind, ...rest }) =>
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
  private commit(t: ResourceType, next: KubeObject, previous: KubeObject | undefined): KubeObject {
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

  private removeObject(t: ResourceType, object: KubeObject): KubeObject {
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

  private emit(change: Change) {
    this.history.push(change);
    for (const watcher of this.watchers) deliver(watcher, change);
  }

  private watch(
    t: ResourceType,
    namespace: string | undefined,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    const matches = selector(query);
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

  /** text/plain; container and timestamps are accepted (the log is the container's, else the pod's). */
  private podLog(
    namespace: string | undefined,
    name: string,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    this.stored(POD, namespace, name);
    const container = query.get('container') ?? '';
    send(
      response,
      200,
      this.logs.get(`${namespace}/${name}/${container}`) ?? this.logs.get(`${namespace}/${name}/`) ?? '',
      'text/plain',
    );
  }

  /** Server-side apply: the applied fields replace the stored ones; status and server-set metadata stay. */
  private apply(
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
  private admit(t: ResourceType, object: KubeObject) {
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
  private delete(t: ResourceType, namespace: string | undefined, name: string) {
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

function key(t: ResourceType, namespace: string | undefined, name: string) {
  return `${t.apiVersion}/${t.resource}/${t.namespaced ? (namespace ?? '') : ''}/${name}`;
}

/** `/api/v1[/namespaces/{ns}]/{resource}[/{name}[/log]]` and `/apis/{group}/{version}/...`. */
function parsePath(path: string) {
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const core = segments[0] === 'api' && segments[1] === 'v1';
  if (!core && !(segments[0] === 'apis' && segments.length >= 3)) return undefined;
  const apiVersion = core ? 'v1' : `${segments[1]}/${segments[2]}`;
  let rest = segments.slice(core ? 2 : 3);
  const types = TYPES.filter((t) => t.apiVersion === apiVersion);
  const find = (resource: string | undefined) => types.find((t) => t.resource === resource);
  if (types.length === 0) return undefined;
  if (rest.length === 0) return { apiVersion };
  let namespace: string | undefined;
  if (rest[0] === 'namespaces' && find(rest[2])?.namespaced) [namespace, rest] = [rest[1], rest.slice(2)];
  const [resource, name, subresource, ...extra] = rest;
  const t = find(resource);
  if (!t || extra.length > 0 || (t.namespaced && namespace === undefined && name !== undefined))
    return undefined;
  if (subresource !== undefined && !(t === POD && subresource === 'log')) return undefined;
  return { apiVersion, type: t, namespace, name, subresource };
}

/** A change as a watch with a selector sees it: entering the selection is ADDED, leaving it DELETED. */
function deliver(watcher: Watcher, change: Change) {
  if (watcher.type !== change.type) return;
  if (watcher.namespace !== undefined && change.object.metadata.namespace !== watcher.namespace) return;
  const matches = watcher.matches(change.object);
  const matched = change.previous !== undefined && watcher.matches(change.previous);
  const type =
    change.event === 'DELETED'
      ? matches && 'DELETED'
      : (matches && (matched ? 'MODIFIED' : 'ADDED')) || (matched && 'DELETED');
  if (type) watcher.response.write(`${JSON.stringify({ type, object: change.object })}\n`);
}

export async function startKubernetesStandIn(): Promise<KubernetesStandIn> {
  return new KubernetesStandIn().listen();
}
