import { fieldLabel } from '@/components/change-lines.ts';
import type { AuditEntry } from '../api/get-audit-log.ts';

// How the audit log speaks of what the platform records: resource types as customers call them, events
// as verbs (change sets as lines: components/change-lines.ts).

export const RESOURCE_TYPES: Record<string, string> = {
  Namespace: 'Namespace',
  Container: 'Container',
  ContainerJob: 'Container job',
  PrivateRegistry: 'Registry',
  Volume: 'Volume',
  CloudDatabaseCluster: 'Database cluster',
  CloudDatabaseClusterUser: 'Database user',
  CloudDatabase: 'Legacy database',
  ApiKey: 'API key',
  AccountSession: 'Session',
};

export const EVENTS: Record<string, string> = {
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  reveal: 'revealed credentials of',
};

export const resourceType = (modelName: string) => RESOURCE_TYPES[modelName] ?? modelName;

/** `web` from the entry's tags; older entries without tags fall back to a name in the change set. */
export function resourceName(entry: AuditEntry) {
  const tag = (key: string) => entry.tags.find((t) => t.startsWith(`${key}:`))?.slice(key.length + 1);
  const user = tag('user');
  const cluster = tag('cluster');
  if (user) return cluster ? `${user} of ${cluster}` : user;
  const named = entry.changeSet.find((change) => change.name === 'name');
  return tag('name') ?? named?.newValue ?? named?.oldValue ?? `#${String(entry.modelId)}`;
}

export const resourceNamespace = (entry: AuditEntry) =>
  entry.tags.find((t) => t.startsWith('namespace:'))?.slice('namespace:'.length);

/** Who made the change: a person of the customer, or the platform itself when nobody did. */
export const author = (entry: AuditEntry) => entry.account?.name || entry.account?.email || 'Berth';

/** Whether the entry matches the typed search: its resource's name, who made it, or a changed field. */
export function matchesSearch(entry: AuditEntry, search: string) {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [
    resourceName(entry),
    resourceNamespace(entry) ?? '',
    author(entry),
    ...entry.changeSet.flatMap((c) => [c.name, fieldLabel(c.name)]),
  ]
    .join('\n')
    .toLowerCase()
    .includes(needle);
}
