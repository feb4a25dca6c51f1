import type { PostHog } from 'posthog-js/dist/module.no-external';
import { env } from '../../config/env.ts';
import { afterFirstScreen } from './after-first-screen.ts';

// Session analytics: PostHog events and session recordings when the build has a PostHog key (VITE_POSTHOG_KEY),
// loaded as a chunk of its own once the first screen is up (posthog.ts).

/** SPEC §9: nothing is sent from a development host (localhost, *.localhost) or a bare IP address. */
export function analyticsAllowedOn(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return false;
  // IPv6 addresses keep their brackets in a URL's hostname; IPv4 ones are normalised to dotted decimals.
  if (host.startsWith('[')) return false;
  return !/^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

let loading: Promise<PostHog | undefined> | undefined;

/** Starts PostHog with session recording once the first screen is up, if configured and allowed on this host. */
export function startAnalytics(key = env.posthogKey, hostname = window.location.hostname): void {
  if (!key || !analyticsAllowedOn(hostname)) return;
  afterFirstScreen(() => {
    // The session recorder is a chunk of its own, fetched alongside; it registers itself where PostHog finds it.
    loading = Promise.all([import('./posthog.ts'), import('posthog-js/dist/lazy-recorder')])
      .then(([{ startPostHog }]) => startPostHog(key, env.posthogHost))
      .catch((error: unknown) => {
        // Analytics are optional: a chunk that fails to load must not disturb the portal.
        console.warn('Session analytics did not start', error);
        return undefined;
      });
  });
}

/** Forgets the signed-in account before signing out, so the next visitor on this browser starts anonymous. */
export async function resetAnalytics(): Promise<void> {
  (await loading)?.reset();
}
