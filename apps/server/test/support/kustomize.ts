import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { KubernetesObject } from './kubernetes-schemas.ts';

// A kustomization rendered as `kubectl apply -k` would, without kustomize (not installed here): built the way
// kustomize does for the features deploy/kubernetes uses, refusing any other (an unknown field fails the build
// instead of being ignored).
// - Order as kustomize's: resources (a folder is built first, its own transformers applied to its objects
//   only), then components (theirs applied to everything so far), then the kustomization's generators and
//   transformers: JSON 6902 patches, namespace, labels, images; generated Secrets get a suffix hashed from
//   their data (not kustomize's exact hash), and references to them follow.
// - secretGenerator's `secret.env` is the operator's own file, not in git: its `secret.example.env` stands in.

/** Kinds a namespace transformer leaves alone. */
export const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding']);

interface Kustomization {
  apiVersion: string;
  kind: 'Kustomization' | 'Component';
  namespace?: string;
  resources?: string[];
  components?: string[];
  labels?: { pairs: Record<string, string>; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  secretGenerator?: { name: string; envs: string[] }[];
  patches?: { path: string; target: { kind: string; name: string } }[];
}
/** The fields rendered here, and those of their entries. */
const FIELDS: Record<string, string[]> = {
  apiVersion: [],
  kind: [],
  namespace: [],
  resources: [],
  components: [],
  labels: ['pairs', 'includeTemplates'],
  images: ['name', 'newName', 'newTag'],
  secretGenerator: ['name', 'envs'],
  patches: ['path', 'target'],
};

/** An object of the build: named, and namespaced once a namespace transformer ran. */
export type Rendered = KubernetesObject & { metadata: { name: string; namespace?: string } };
export interface Env {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
export interface Container {
  name: string;
  image: string;
  env?: Env[];
  ports?: { name?: string; containerPort: number }[];
  [field: string]: unknown;
}
export interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { containers: Container[]; [field: string]: unknown };
}

export function readKustomization(dir: string): Kustomization {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.entries(kustomization).flatMap(([field, value]) => {
    const entries = FIELDS[field];
    if (!entries) return [field];
    const items: unknown[] = Array.isArray(value) ? value : [];
    return items.flatMap((item) =>
      typeof item === 'object' && item !== null
        ? Object.keys(item)
            .filter((key) => !entries.includes(key))
            .map((key) => `${field}.${key}`)
        : [],
    );
  });
  if (unknown.length) throw new Error(`${dir}: this test does not render ${unknown.join(', ')}`);
  return kustomization;
}

const readObjects = (file: string) =>
  parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => document.toJS() as Rendered | null)
    .filter((object): object is Rendered => object !== null);

/** RFC 6901 pointer → the parent container and the last key. */
function locate(document: unknown, pointer: string): [Record<string, unknown> | unknown[], string] {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = keys.pop() ?? '';
  let parent = document as Record<string, unknown>;
  for (const key of keys) {
    const next = parent[key];
    if (typeof next !== 'object' || next === null) throw new Error(`no ${pointer}`);
    parent = next as Record<string, unknown>;
  }
  return [parent, last];
}

interface Operation {
  op: 'test' | 'replace' | 'add';
  path: string;
  value: unknown;
}

/**
 * RFC 6902, the operations the manifests use: `test` guards a `replace` (an index, checked by name); `add`
 * appends to an array (`/-`) or sets a field.
 */
function applyJsonPatch(object: Rendered, operations: Operation[], file: string) {
  for (const { op, path: pointer, value } of operations) {
    const [parent, key] = locate(object, pointer) as [Record<string, unknown>, string];
    if (op === 'add') {
      if (Array.isArray(parent)) parent.splice(key === '-' ? parent.length : Number(key), 0, value);
      else parent[key] = value;
      continue;
    }
    if (!(key in parent)) throw new Error(`${file}: ${op} ${pointer}: no such value`);
    if (op === 'test' && JSON.stringify(parent[key]) !== JSON.stringify(value)) {
      throw new Error(`${file}: test ${pointer} failed: ${JSON.stringify(parent[key])}`);
    } else if (op === 'replace') {
      parent[key] = value;
    } else if (op !== 'test') {
      throw new Error(`${file}: ${String(op)} is not rendered here`);
    }
  }
}

/** Secrets made by a secretGenerator, with the suffix their name gets once the build is done. */
const generated = new WeakMap<Rendered, string>();

export const podTemplate = (object: Rendered) =>
  (object.spec as { template?: PodTemplate } | undefined)?.template;

/**
 * Runs a kustomization (or a component, on `objects`) in `dir`: with its own components unless `components` is
 * false, and `addComponents` (paths from `dir`) after them, as an overlay listing them would.
 */
export function build(
  dir: string,
  objects: Rendered[] = [],
  { components = true, addComponents = [] as string[] } = {},
): Rendered[] {
  const kustomization = readKustomization(dir);
  const own: Rendered[] = [];
  for (const resource of kustomization.resources ?? []) {
    const at = path.join(dir, resource);
    own.push(...(statSync(at).isDirectory() ? build(at) : readObjects(at)));
  }
  // A component transforms what its parent has gathered so far; a kustomization only its own objects.
  let result = kustomization.kind === 'Component' ? [...objects, ...own] : own;
  for (const component of [...(components ? (kustomization.components ?? []) : []), ...addComponents]) {
    result = build(path.join(dir, component), result);
  }
  for (const { name, envs } of kustomization.secretGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const file of envs) {
      const stand = path.join(dir, file.replace(/secret\.env$/, 'secret.example.env'));
      for (const line of readFileSync(stand, 'utf8').split('\n')) {
        const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
        if (match?.[1]) data[match[1]] = Buffer.from(match[2] ?? '').toString('base64');
      }
    }
    const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 10);
    const secret: Rendered = { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name }, data };
    generated.set(secret, hash);
    result.push(secret);
  }
  for (const { path: file, target } of kustomization.patches ?? []) {
    const operations = parse(readFileSync(path.join(dir, file), 'utf8')) as unknown;
    if (!Array.isArray(operations)) throw new Error(`${file}: only JSON 6902 patches are rendered here`);
    const targets = result.filter(
      (object) => object.kind === target.kind && object.metadata.name === target.name,
    );
    if (targets.length !== 1) throw new Error(`${file}: ${targets.length} objects match its target`);
    for (const object of targets) applyJsonPatch(object, operations as Operation[], file);
  }
  const { namespace } = kustomization;
  for (const object of namespace ? result : []) {
    if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = namespace;
  }
  for (const { pairs, includeTemplates } of kustomization.labels ?? []) {
    for (const object of result) {
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
      const template = includeTemplates ? podTemplate(object) : undefined;
      if (template) template.metadata.labels = { ...template.metadata.labels, ...pairs };
    }
  }
  for (const { name, newName, newTag } of kustomization.images ?? []) {
    for (const container of result.flatMap((object) => podTemplate(object)?.spec.containers ?? [])) {
      // A tag follows the last colon after the last slash (a registry's port comes before it).
      const [, image = '', tag] = /^(.*?)(?::([^:/]+))?$/.exec(container.image) ?? [];
      const newTagOrOld = newTag ?? tag;
      if (image === name) container.image = `${newName ?? image}${newTagOrOld ? `:${newTagOrOld}` : ''}`;
    }
  }
  return result;
}

/** What `kubectl apply -k dir` sends: the build, generated names suffixed and the references to them too. */
export function render(
  dir: string,
  options?: { components?: boolean; addComponents?: string[] },
): Rendered[] {
  const objects = build(dir, [], options);
  for (const secret of objects.filter((object) => object.kind === 'Secret')) {
    const suffix = generated.get(secret);
    if (!suffix) continue;
    const [from, to] = [secret.metadata.name, `${secret.metadata.name}-${suffix}`];
    secret.metadata.name = to;
    for (const object of objects.filter(
      (candidate) => candidate.metadata.namespace === secret.metadata.namespace,
    )) {
      for (const container of podTemplate(object)?.spec.containers ?? []) {
        for (const { valueFrom } of container.env ?? []) {
          if (valueFrom?.secretKeyRef?.name === from) valueFrom.secretKeyRef.name = to;
        }
      }
    }
  }
  return objects;
}
