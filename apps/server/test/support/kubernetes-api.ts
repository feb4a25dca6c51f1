import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

// The Kubernetes API as the stand-in (kubernetes-stand-in.ts) serves it: the objects and the kinds it knows,
// their paths and discovery, Status objects for failures, and the small helpers its storage shares.

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

export interface ResourceType {
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

export function type(apiVersion: string, resource: string, kind: string, flags = ''): ResourceType {
  const group = apiVersion.includes('/') ? (apiVersion.split('/')[0] ?? '') : '';
  return {
    ...{ apiVersion, group, resource, kind, namespaced: !flags.includes('cluster') },
    builtIn: !group.includes('.') || group.endsWith('.k8s.io'),
    returnsDeleted: flags.includes('returns'),
    hasStatus: kind !== 'Secret' && kind !== 'NetworkPolicy' && !flags.includes('nostatus'),
  };
}
export const NAMESPACE = type('v1', 'namespaces', 'Namespace', 'cluster returns');
export const SECRET = type('v1', 'secrets', 'Secret');
export const POD = type('v1', 'pods', 'Pod', 'returns');
export const METRICS_API = 'metrics.k8s.io/v1beta1';
export const TYPES: ResourceType[] = [
  NAMESPACE,
  type('v1', 'resourcequotas', 'ResourceQuota', 'returns'),
  SECRET,
  type('v1', 'services', 'Service', 'returns'),
  type('v1', 'persistentvolumeclaims', 'PersistentVolumeClaim', 'returns'),
  POD,
  type('v1', 'events', 'Event', 'returns'),
  type('networking.k8s.io/v1', 'networkpolicies', 'NetworkPolicy'),
  type('batch/v1', 'cronjobs', 'CronJob'),
  type('batch/v1', 'jobs', 'Job'),
  type('serving.knative.dev/v1', 'services', 'Service'),
  type('serving.knative.dev/v1beta1', 'domainmappings', 'DomainMapping'),
  type('postgresql.cnpg.io/v1', 'clusters', 'Cluster'),
  type('postgresql.cnpg.io/v1', 'databases', 'Database'),
  type('rabbitmq.com/v1beta1', 'rabbitmqclusters', 'RabbitmqCluster'),
  type('rabbitmq.com/v1beta1', 'vhosts', 'Vhost'),
  type('rabbitmq.com/v1beta1', 'users', 'User'),
  type('rabbitmq.com/v1beta1', 'permissions', 'Permission'),
  // metrics-server's, through the aggregator (tests put its objects): like kube-apiserver's, its lists' items
  // carry no apiVersion and kind (builtIn, as its group ends in .k8s.io).
  type(METRICS_API, 'pods', 'PodMetrics', 'nostatus'),
];
export const typeFor = (apiVersion: string, kind: string) => {
  const found = TYPES.find((t) => t.apiVersion === apiVersion && t.kind === kind);
  if (!found) throw new Error(`the Kubernetes stand-in does not serve ${apiVersion} ${kind}`);
  return found;
};

/** GET /api/v1, /apis/{group}/{version}: KubernetesObjectApi takes the first resource whose kind matches. */
export function discovery(apiVersion: string) {
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

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: object,
  ) {
    super(message);
  }
}

export const failure = (code: number, reason: string, message: string, details?: object) => ({
  ...{ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason },
  ...(details ? { details } : {}),
  code,
});
export const badRequest = (message: string) => new ApiError(400, 'BadRequest', message);
export const qualified = (t: ResourceType) => (t.group ? `${t.resource}.${t.group}` : t.resource);
export const identity = (t: ResourceType, name: string) => ({
  name,
  ...(t.group ? { group: t.group } : {}),
  kind: t.resource,
});
export const notFound = (t: ResourceType, name: string) =>
  new ApiError(404, 'NotFound', `${qualified(t)} "${name}" not found`, identity(t, name));

export const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
export const clone = <T>(value: T): T => structuredClone(value);
export const isTrue = (value: string | null) =>
  value !== null && ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(value);
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
/** JSON with sorted keys: equal for equal objects whatever their keys' order. */
export const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v) ? Object.fromEntries(Object.entries(v).sort()) : v,
  );
export const spec = ({ metadata: _metadata, status: _status, ...fields }: KubeObject) => fields;

export function send(
  response: ServerResponse,
  code: number,
  body: unknown,
  contentType = 'application/json',
) {
  response.writeHead(code, { 'Content-Type': contentType });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export function key(t: ResourceType, namespace: string | undefined, name: string) {
  return `${t.apiVersion}/${t.resource}/${t.namespaced ? (namespace ?? '') : ''}/${name}`;
}

/** `/api/v1[/namespaces/{ns}]/{resource}[/{name}[/log]]` and `/apis/{group}/{version}/...`. */
export function parsePath(path: string) {
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
