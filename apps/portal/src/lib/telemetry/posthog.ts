// The build that loads no scripts from PostHog's servers: the session recorder comes from our own chunks
// (analytics.ts loads it alongside).
import { posthog, type PostHog } from 'posthog-js/dist/module.no-external';
import { readStoredSession } from '../auth/session-store.ts';

// PostHog itself, a chunk of its own (analytics.ts decides whether and when it is loaded). Recordings never
// hold what a customer types (every input is masked) nor anything a screen marks `data-secret` (revealed
// passwords and connection strings): those elements are left out of them entirely.

export function startPostHog(key: string, apiHost: string): PostHog {
  posthog.init(key, {
    api_host: apiHost,
    person_profiles: 'identified_only',
    // The portal is a single-page app: each address it moves to is a page view.
    capture_pageview: 'history_change',
    respect_dnt: true,
    // Feature flags are Unleash's (SPEC §7); surveys are not used.
    advanced_disable_feature_flags: true,
    disable_surveys: true,
    session_recording: { maskAllInputs: true, blockSelector: '[data-secret]' },
  });
  identifyAccount(posthog);
  return posthog;
}

/** The signed-in account by its id only: no name or email address goes to PostHog. */
function identifyAccount(client: PostHog): void {
  const accountId = readStoredSession()?.profile?.sub;
  if (!accountId) return;
  // Another account was identified on this browser (no sign-out in between): start a new anonymous person.
  const previous: unknown = client.get_property('$user_id');
  if (previous !== undefined && previous !== accountId) client.reset();
  client.identify(accountId);
}
