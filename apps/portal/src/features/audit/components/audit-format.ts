import type { AuditEntry } from '../api/get-audit-log.ts';

// How the audit log speaks of what the platform records: resource types as customers call them, events
// as verbs, and change sets as one line per field that changed.

export const RESOURCE_TYPES: Record<string, string> = {
  Namespace: 'Namespace',
  Container: 'Container',
  ContainerJob: 'Container job',
  PrivateRegistry: 'Registry',
  Volume: 'Volume',
  CloudDatabaseCluster: 'Database cluster',
  CloudDatabaseClusterUser: 'Database user',
  CloudDatabase: 'Legacy database',
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

/** `environment variables` for `environmentVariables`: the record's field names, as words. */
export const fieldLabel = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);

/** One changed value: `oldValue → newValue`, either missing when the field was added or removed. */
export interface DiffLine {
  field: string;
  oldValue: string | null;
  newValue: string | null;
  /** A secret's value, of which only that it was set, changed or removed may be shown. */
  secret: boolean;
}

// The server writes a secret variable as `(secret)`, or `(secret, new value)` when the change wrote it.
const isSecret = (value: string | null) => value?.startsWith('(secret') ?? false;

function asObject(value: string | null): Record<string, unknown> | null | undefined {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) =>
  value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * The change set as lines: a field holding an object (environment variables, health check, scaling) is
 * opened into one line per key that changed, so a long JSON value does not hide which part changed.
 */
export function diffLines(changeSet: AuditEntry['changeSet']): DiffLine[] {
  return changeSet.flatMap((change) => {
    const before = asObject(change.oldValue ?? null);
    const after = asObject(change.newValue ?? null);
    if (before === undefined || after === undefined || (before === null && after === null)) {
      return [line(fieldLabel(change.name), change.oldValue ?? null, change.newValue ?? null)];
    }
    const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
    return (
      [...keys]
        .map((key) => line(`${fieldLabel(change.name)} › ${key}`, text(before?.[key]), text(after?.[key])))
        // Keys that kept their value (a kept secret among them) are no change of their own.
        .filter((entry) => entry.oldValue !== entry.newValue)
    );
  });
}

const line = (field: string, oldValue: string | null, newValue: string | null): DiffLine => ({
  field,
  oldValue,
  newValue,
  secret: isSecret(oldValue) || isSecret(newValue),
});

/** What a secret line says: the value is never shown, only what happened to it. */
export function secretChange(diff: DiffLine) {
  if (diff.newValue === null) return 'removed';
  if (diff.oldValue === null) return 'set';
  return 'changed';
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** `5 minutes ago`, `yesterday`: the largest unit the time is at least one of. */
export function formatRelative(date: Date, now = new Date()) {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ['second', 1];
  return relative.format(Math.round(seconds / size), unit);
}

export const formatExact = (date: Date) => exact.format(date);

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
