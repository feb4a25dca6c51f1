import type { PostHog } from 'posthog-js/dist/module.no-external';
import { env } from '../../config/env.ts';
import { readStoredSession } from '../auth/session-store.ts';
import { afterFirstScreen } from './after-first-screen.ts';

// Session analytics: PostHog events and session recordings, when the build has a PostHog key (VITE_POSTHOG_KEY).
// Recordings never hold what a customer types (every input is masked) nor anything a screen marks
// `data-secret` (revealed passwords and connection strings): those elements are left out of them entirely.

const secretSelector = '[data-secret]';

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
export function startAnalytics(): void {
  const key = env.posthogKey;
  if (!key || !analyticsAllowedOn(window.location.hostname)) return;
  afterFirstScreen(() => {
    loading = loadPostHog(key).catch((error: unknown) => {
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

async function loadPostHog(key: string): Promise<PostHog> {
  // The build that loads no scripts from PostHog's servers, with the session recorder bundled alongside.
  const [{ posthog }] = await Promise.all([
    import('posthog-js/dist/module.no-external'),
    import('posthog-js/dist/lazy-recorder'),
  ]);
  posthog.init(key, {
    api_host: env.posthogHost,
    person_profiles: 'identified_only',
    // The portal is a single-page app: each address it moves to is a page view.
    capture_pageview: 'history_change',
    respect_dnt: true,
    // Feature flags are Unleash's (SPEC §7); surveys are not used.
    advanced_disable_feature_flags: true,
    disable_surveys: true,
    session_recording: { maskAllInputs: true, blockSelector: secretSelector },
  });
  identifyAccount(posthog);
  return posthog;
}

/** The signed-in account by its id only: no name or email address goes to PostHog. */
function identifyAccount(posthog: PostHog): void {
  const accountId = readStoredSession()?.profile?.sub;
  if (!accountId) return;
  // Another account was identified on this browser (no sign-out in between): start a new anonymous person.
  const previous: unknown = posthog.get_property('$user_id');
  if (previous !== undefined && previous !== accountId) posthog.reset();
  posthog.identify(accountId);
}
