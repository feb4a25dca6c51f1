import { EVENTS, UnleashClient } from 'unleash-proxy-client';
import { env } from '../config/env.ts';

// Feature flags (SPEC §2 guard step 4, §7, §9) from an Unleash frontend API: the server's own /api/frontend
// by default. The client keeps its last answer in local storage and asks again every 15 s.
//
// When the flags service cannot be reached, or does not answer within `firstAnswerTimeoutMs`, the portal
// goes on with the last answer this browser had, and without one every flag counts as off (as Unleash
// itself treats a flag it does not list). Only flagged pages close that way; the rest of the portal does not
// wait for the flags service more than that moment, so an outage of it never locks a customer out.

/** The flags routes and navigation entries declare (a page or section still being released, or switched off). */
export const featureFlags = {
  databaseClusters: 'database-clusters',
  auditLog: 'audit-log',
} as const;

/** SPEC §9: flags are fetched again every 15 s. */
export const flagRefreshSeconds = 15;

/** How long the first navigation waits for the first answer before it goes on without it. */
export const firstAnswerTimeoutMs = 2000;

export interface Flags {
  /** The client the React hooks (`useFlag`) read, through `FlagProvider`. */
  client: UnleashClient;
  /**
   * Resolves once the flags of this account have been answered (or could not be, or took too long). The
   * first call starts the client; a later call with another account asks for that account's flags.
   */
  settle(accountId: string): Promise<void>;
  isEnabled(flag: string): boolean;
  /** Calls `listener` whenever an answer changes the flags; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export function createFlags(): Flags {
  const client = new UnleashClient({
    url: env.flagsUrl,
    clientKey: env.flagsClientKey,
    appName: 'berth-portal',
    refreshInterval: flagRefreshSeconds,
    disableMetrics: true,
    // SPEC §7: the context goes in a POST body, not the address.
    usePOSTrequests: true,
  });
  let settled: { accountId: string; answer: Promise<void> } | undefined;

  const withTimeout = (answer: Promise<void>) =>
    Promise.race([answer, new Promise<void>((resolve) => setTimeout(resolve, firstAnswerTimeoutMs))]);

  return {
    client,
    settle(accountId) {
      if (settled?.accountId === accountId) return settled.answer;
      // Before the start the field is only recorded; start() then asks with it. Both settle even when the
      // request fails (the client reports that as an error event and keeps its last toggles).
      const userId = client.setContextField('userId', accountId);
      const answer = settled ? userId : userId.then(() => client.start());
      settled = { accountId, answer: withTimeout(answer) };
      return settled.answer;
    },
    isEnabled: (flag) => client.isEnabled(flag),
    onChange(listener) {
      client.on(EVENTS.UPDATE, listener);
      return () => client.off(EVENTS.UPDATE, listener);
    },
  };
}
