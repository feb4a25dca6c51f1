import type { ServerResponse } from 'node:http';
import { badRequest, isRecord, type KubeObject, type ResourceType } from './kubernetes-api.ts';

// Watches as kube-apiserver serves them: label and field selectors, and the events a change makes for a watch.

export type Matcher = (object: KubeObject) => boolean;

const OBJECT_FIELDS = ['metadata.name', 'metadata.namespace'];
/** Some of the fields kube-apiserver selects Events on. */
const EVENT_FIELDS = [
  'type',
  'reason',
  'involvedObject.kind',
  'involvedObject.name',
  'involvedObject.namespace',
];

const fieldOf = (object: KubeObject, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), object);

/**
 * labelSelector (`k=v`, `k==v`, `k!=v`, `k`, `!k`, comma-separated) and fieldSelector on metadata.name and
 * namespace (and some of an Event's fields), for objects of `type`.
 */
export function selector(query: URLSearchParams, type: ResourceType): Matcher {
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
      const [, field = term, operator, value] = /^([\w.]+)\s*(==|=|!=)\s*(.*)$/.exec(term) ?? [];
      const fields = type.kind === 'Event' ? [...OBJECT_FIELDS, ...EVENT_FIELDS] : OBJECT_FIELDS;
      if (!operator || !fields.includes(field)) throw badRequest(`field label not supported: ${field}`);
      return (o) => (fieldOf(o, field) === value) !== (operator === '!=');
    }),
  ];
  return (object) => tests.every((test) => test(object));
}

export interface Change {
  rv: number;
  type: ResourceType;
  event: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
  previous?: KubeObject;
}

export interface Watcher {
  type: ResourceType;
  namespace: string | undefined;
  matches: Matcher;
  response: ServerResponse;
}

/** A change as a watch with a selector sees it: entering the selection is ADDED, leaving it DELETED. */
export function deliver(watcher: Watcher, change: Change) {
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
