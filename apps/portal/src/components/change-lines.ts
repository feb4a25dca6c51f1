// A change set (an audit entry's or a resource event's) as one line per field: old value → new value.

/** One field of a change set as the platform records it (values as text, JSON for objects). */
export interface ChangeSetEntry {
  name: string;
  oldValue?: string | null;
  newValue?: string | null;
}

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
export function diffLines(changeSet: readonly ChangeSetEntry[]): DiffLine[] {
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
