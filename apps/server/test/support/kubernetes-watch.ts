import type { ServerResponse } from 'node:http';
import { badRequest, type KubeObject, type ResourceType } from './kubernetes-api.ts';

// Watches as kube-apiserver serves them: label and field selectors, and the events a change makes for a watch.

export type Matcher = (object: KubeObject) => boolean;

/** labelSelector (`k=v`, `k==v`, `k!=v`, `k`, `!k`, comma-separated) and fieldSelector on metadata.name/namespace. */
export function selector(query: URLSearchParams): Matcher {
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
