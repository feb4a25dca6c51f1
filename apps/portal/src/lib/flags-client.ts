import { EVENTS, InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { env } from '../config/env.ts';
import { flagRefreshSeconds } from './flags.ts';

// The Unleash client (unleash-proxy-client, 8 KB), in a chunk of its own that lib/flags.ts loads once the
// account is known.

/**
 * The client's requests, asked without the ETag of the last answer: Chromium logs an answer of 304 Not
 * Modified to a fetch as an aborted request (net::ERR_ABORTED), so every refresh (SPEC §7: 15 s) put one in
 * the console. The answer whole is a few hundred bytes, and unchanged flags change nothing on the screen.
 */
function fetchWhole(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.delete('if-none-match');
  return fetch(input, { ...init, headers });
}

export interface FlagsConnection {
  /** Asks for the account's flags; resolves once answered, or once the request failed. */
  ask(accountId: string): Promise<void>;
}

/** Starts the client on the first `ask`; `onAnswer` gets the names of the flags on, with every answer. */
export function connect(
  onAnswer: (accountId: string, enabled: ReadonlySet<string>) => void,
): FlagsConnection {
  let client: UnleashClient | undefined;
  return {
    async ask(accountId) {
      if (client) return client.updateContext({ userId: accountId });
      const unleash = new UnleashClient({
        url: env.flagsUrl,
        clientKey: env.flagsClientKey,
        appName: 'berth-portal',
        refreshInterval: flagRefreshSeconds,
        disableMetrics: true,
        // SPEC §7: the context goes in a POST body, not the address.
        usePOSTrequests: true,
        context: { userId: accountId },
        // lib/flags.ts keeps the last answer, by account; the client's own copy would be a second one.
        storageProvider: new InMemoryStorageProvider(),
        fetch: fetchWhole,
      });
      unleash.on(EVENTS.UPDATE, () => {
        const enabled = unleash.getAllToggles().filter((toggle) => toggle.enabled);
        onAnswer(unleash.getContext().userId ?? accountId, new Set(enabled.map((toggle) => toggle.name)));
      });
      client = unleash;
      // Settles also when the request fails: the client reports that as an error event.
      return unleash.start();
    },
  };
}
