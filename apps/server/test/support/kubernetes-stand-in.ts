import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { parse as parseYaml } from 'yaml';
import {
  ApiError,
  badRequest,
  clone,
  defined,
  discovery,
  failure,
  isTrue,
  key,
  METRICS_API,
  now,
  parsePath,
  POD,
  send,
  typeFor,
  type KubeObject,
  type RecordedRequest,
} from './kubernetes-api.ts';
import { KubernetesObjectStore } from './kubernetes-object-store.ts';

// A stand-in of a Kubernetes API server on a random local port (plain http, bearer token) for the kinds
// Berth's Kubernetes driver puts on a cluster. It answers as kube-apiserver does: discovery, server-side apply,
// read, list, delete and watch (with label and field selectors), pod logs (followed too), Status objects for failures. The
// controllers' side (status, the Jobs and Pods a CronJob makes, deletions that wait) is the test's, through
// the helpers. Every request is recorded. Not served: POST, PUT, non-apply patches, subresources but pods/log.

// The API's kinds, paths and Status objects are kubernetes-api.ts's, its storage kubernetes-object-store.ts's,
// its watches kubernetes-watch.ts's.

export type { KubeObject, ObjectMeta, RecordedRequest } from './kubernetes-api.ts';

export class KubernetesStandIn extends KubernetesObjectStore {
  readonly requests: RecordedRequest[] = [];
  /** The bearer token every request must carry (kubeConfig() sets it); others are answered 401. */
  readonly token = randomBytes(16).toString('hex');
  private metricsApi = true;
  private readonly podLogs = new Map<string, PodLog>();
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

  /** From now on a cluster without metrics-server: metrics.k8s.io's discovery and paths answer 404. */
  withoutMetricsApi() {
    this.metricsApi = false;
    return this;
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

  /**
   * The pod's workload writes lines (each at its time, else now), as the kubelet keeps them: read by
   * GET …/pods/{pod}/log, and sent at once to the requests following it.
   */
  writePodLog(namespace: string, pod: string, lines: (string | { text: string; at: Date })[]) {
    const log = this.podLogOf(namespace, pod);
    const entries = lines.map((line) => (typeof line === 'string' ? { text: line, at: new Date() } : line));
    log.entries.push(...entries);
    for (const follower of log.followers) follower.response.write(renderLog(entries, follower.timestamps));
  }

  /** The pod's container exited: requests following its log end. */
  endPodLog(namespace: string, pod: string) {
    const log = this.podLogOf(namespace, pod);
    for (const follower of log.followers) follower.response.end();
    log.followers.clear();
  }

  /** Connections following pod logs break mid-response, as when the API server restarts. */
  breakPodLogFollows() {
    for (const log of this.podLogs.values()) {
      for (const follower of log.followers) follower.response.destroy();
      log.followers.clear();
    }
  }

  /** How many requests follow the pod's log now. */
  podLogFollowers(namespace: string, pod: string) {
    return this.podLogOf(namespace, pod).followers.size;
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
    if (!target || (!this.metricsApi && target.apiVersion === METRICS_API))
      return send(response, 404, '404 page not found\n', 'text/plain; charset=utf-8');
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

  /**
   * text/plain, as the kubelet serves it: the lines since `sinceTime` (RFC 3339, lines at or after it), each
   * after its RFC 3339 time with `timestamps`; with `follow` the response stays open for the lines written next
   * until endPodLog. Pods here have one container: `container` is accepted and not checked.
   */
  private podLog(
    namespace: string | undefined,
    name: string,
    query: URLSearchParams,
    response: ServerResponse,
  ) {
    this.stored(POD, namespace, name);
    const log = this.podLogOf(namespace ?? '', name);
    const since = query.get('sinceTime');
    const sinceTime = since === null ? undefined : new Date(since);
    if (sinceTime && Number.isNaN(sinceTime.getTime()))
      throw badRequest(`sinceTime: ${since} is not an RFC 3339 time`);
    const timestamps = isTrue(query.get('timestamps'));
    const entries = log.entries.filter((entry) => !sinceTime || entry.at >= sinceTime);
    if (!isTrue(query.get('follow')))
      return send(response, 200, renderLog(entries, timestamps), 'text/plain');
    response.writeHead(200, { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' });
    response.write(renderLog(entries, timestamps));
    const follower = { response, timestamps };
    log.followers.add(follower);
    response.on('close', () => log.followers.delete(follower));
  }

  private podLogOf(namespace: string, pod: string): PodLog {
    const key = `${namespace}/${pod}`;
    let log = this.podLogs.get(key);
    if (!log) this.podLogs.set(key, (log = { entries: [], followers: new Set() }));
    return log;
  }
}

interface PodLog {
  entries: { text: string; at: Date }[];
  followers: Set<{ response: ServerResponse; timestamps: boolean }>;
}

/** Lines as the kubelet writes them: with `timestamps`, each after its time in RFC 3339 with nanoseconds. */
const renderLog = (entries: { text: string; at: Date }[], timestamps: boolean) =>
  entries
    .map(({ text, at }) => `${timestamps ? `${at.toISOString().replace('Z', '000000Z')} ` : ''}${text}\n`)
    .join('');

export async function startKubernetesStandIn(): Promise<KubernetesStandIn> {
  return new KubernetesStandIn().listen();
}
