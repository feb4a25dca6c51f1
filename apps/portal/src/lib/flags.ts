import { useSyncExternalStore } from 'react';
import type { FlagsConnection } from './flags-client.ts';
import { readStoredText, writeStored } from './storage.ts';

// Feature flags (SPEC §2 guard step 4, §7, §9) from an Unleash frontend API: the server's own /api/frontend
// by default. The Unleash client loads in a chunk of its own (flags-client.ts) once the account is known: the
// first screen does not wait for it unless its route declares a flag.
//
// Until the first answer, and whenever the flags service cannot be reached, the portal goes on with the last
// answer this browser had for the account (kept in local storage), and without one every flag counts as off,
// as Unleash treats a flag it does not list. A flagged page waits for the first answer at most
// `firstAnswerTimeoutMs`; pages without a flag never wait. An outage of the flags service so closes the
// flagged pages only (unless this browser knew them on), never the rest of the portal.

/** The flags routes and navigation entries declare (a page or section still being released, or switched off). */
export const featureFlags = {
  databaseClusters: 'database-clusters',
  auditLog: 'audit-log',
} as const;

/** SPEC §9: flags are fetched again every 15 s. */
export const flagRefreshSeconds = 15;

/** How long a flagged page waits for the first answer before it goes on without it. */
export const firstAnswerTimeoutMs = 2000;

const storageKey = 'berth.flags';

export interface Flags {
  /**
   * Asks for the account's flags (the first call loads the client and starts it; a call with another account
   * asks for that one's) and resolves once they are answered, could not be, or took `firstAnswerTimeoutMs`.
   * Never rejects.
   */
  settle(accountId: string): Promise<void>;
  isEnabled(flag: string): boolean;
  /** The flags now on; the same set until an answer changes it. */
  enabledFlags(): ReadonlySet<string>;
  /** Calls `listener` whenever an answer changes the flags; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** The last answer this browser had for `accountId`, if any. */
function lastAnswerFor(accountId: string): ReadonlySet<string> {
  try {
    const stored = JSON.parse(readStoredText(storageKey) ?? 'null') as unknown;
    if (typeof stored === 'object' && stored !== null && 'accountId' in stored && 'enabled' in stored) {
      const { enabled } = stored;
      if (stored.accountId === accountId && Array.isArray(enabled))
        return new Set(enabled.filter((name): name is string => typeof name === 'string'));
    }
  } catch {
    // Unreadable: as if there were none.
  }
  return new Set();
}

const sameFlags = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((name) => b.has(name));

export function createFlags(): Flags {
  let enabled: ReadonlySet<string> = new Set();
  let current: { accountId: string; answered: Promise<void> } | undefined;
  let connection: Promise<FlagsConnection> | undefined;
  const listeners = new Set<() => void>();

  const setEnabled = (next: ReadonlySet<string>) => {
    if (sameFlags(enabled, next)) return;
    enabled = next;
    for (const listener of listeners) listener();
  };
  const onAnswer = (accountId: string, answer: ReadonlySet<string>) => {
    writeStored(storageKey, JSON.stringify({ accountId, enabled: [...answer] }));
    if (accountId === current?.accountId) setEnabled(answer);
  };

  return {
    settle(accountId) {
      if (current?.accountId === accountId) return current.answered;
      setEnabled(lastAnswerFor(accountId));
      connection ??= import('./flags-client.ts').then(({ connect }) => connect(onAnswer));
      const asked = connection
        .then((flags) => flags.ask(accountId))
        // The client's chunk did not load: the last answer stands.
        .catch((error: unknown) => console.warn('Feature flags could not be loaded', error));
      const answered = Promise.race([
        asked,
        new Promise<void>((resolve) => setTimeout(resolve, firstAnswerTimeoutMs)),
      ]);
      current = { accountId, answered };
      return answered;
    },
    isEnabled: (flag) => enabled.has(flag),
    enabledFlags: () => enabled,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The flags now on, re-rendering the component when an answer changes them. */
export function useEnabledFlags(flags: Flags): ReadonlySet<string> {
  return useSyncExternalStore(flags.subscribe, flags.enabledFlags);
}
