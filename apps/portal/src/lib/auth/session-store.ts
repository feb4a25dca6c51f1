import type { StateStore } from 'oidc-client-ts';

// The signed-in user lives in local storage under one key of ours, so a returning customer's session is
// known before the OIDC library is loaded, and other tabs share it. oidc-client-ts writes it here as its
// user store (JSON of its public User fields).
export const sessionStorageKey = 'berth.session';

export interface StoredSession {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at?: number;
  /** The ID token's claims; `sub` is the account's id. */
  profile?: { sub?: string };
}

/** A single-entry store: oidc-client-ts keeps exactly one user in its user store. */
export const sessionStore: StateStore = {
  set: async (_key, value) => window.localStorage.setItem(sessionStorageKey, value),
  get: async () => window.localStorage.getItem(sessionStorageKey),
  remove: async () => {
    const value = window.localStorage.getItem(sessionStorageKey);
    window.localStorage.removeItem(sessionStorageKey);
    return value;
  },
  getAllKeys: async () =>
    window.localStorage.getItem(sessionStorageKey) === null ? [] : [sessionStorageKey],
};

export function readStoredSession(): StoredSession | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(sessionStorageKey) ?? 'null');
    if (
      typeof value === 'object' &&
      value !== null &&
      'access_token' in value &&
      typeof value.access_token === 'string'
    ) {
      return value as StoredSession;
    }
  } catch {
    // Unreadable storage or a corrupt entry: there is no usable session.
  }
  return null;
}

export function secondsLeft(session: StoredSession, now = Date.now()): number {
  return (session.expires_at ?? 0) - now / 1000;
}
