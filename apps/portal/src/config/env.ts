// Build-time settings (VITE_*) with defaults that fit the bundled server: everything on the portal's own origin.
// Checked by hand rather than with zod: this runs before the first screen, and ten settings do not need a
// schema library in the first download (zod stays in the chunks of the screens with forms).

type Rule = { check: (value: string) => boolean; message: string };

const httpUrl: Rule = { check: (value) => /^https?:\/\/[^/]/.test(value), message: 'must be an http(s) URL' };
const notEmpty: Rule = { check: (value) => value.length > 0, message: 'must not be empty' };
const anything: Rule = { check: () => true, message: '' };
const optionalHttpUrl: Rule = {
  check: (value) => value === '' || httpUrl.check(value),
  message: httpUrl.message,
};

const settings = {
  VITE_OIDC_AUTHORITY: { fallback: `${window.location.origin}/realms/berth`, rule: httpUrl },
  VITE_OIDC_CLIENT_ID: { fallback: 'berth-portal', rule: notEmpty },
  VITE_API_AUDIENCE: { fallback: 'berth-platform', rule: notEmpty },
  VITE_PLATFORM_GRAPHQL_URL: { fallback: '/graphql/platform', rule: notEmpty },
  VITE_BILLING_GRAPHQL_URL: { fallback: '/graphql/billing', rule: notEmpty },
  VITE_CONSOLE_LOGS_GRAPHQL_URL: { fallback: '/graphql/console-logs', rule: notEmpty },
  VITE_BILLING_URL: { fallback: '/billing', rule: notEmpty },
  VITE_POSTHOG_KEY: { fallback: '', rule: anything },
  VITE_POSTHOG_HOST: { fallback: 'https://eu.i.posthog.com', rule: httpUrl },
  VITE_SENTRY_DSN: { fallback: '', rule: optionalHttpUrl },
  VITE_SENTRY_ENVIRONMENT: { fallback: 'local', rule: notEmpty },
  VITE_SENTRY_RELEASE: { fallback: '', rule: anything },
  VITE_SENTRY_HOSTS: { fallback: 'localhost', rule: anything },
  VITE_FLAGS_URL: { fallback: '/api/frontend', rule: notEmpty },
  VITE_FLAGS_CLIENT_KEY: { fallback: 'default:development.berth-portal', rule: notEmpty },
} as const;

type SettingName = keyof typeof settings;

function readSettings(source: Record<string, unknown>): Record<SettingName, string> {
  const values = {} as Record<SettingName, string>;
  const problems: string[] = [];
  for (const [name, { fallback, rule }] of Object.entries(settings) as [
    SettingName,
    (typeof settings)[SettingName],
  ][]) {
    const value = source[name] ?? fallback;
    if (typeof value !== 'string') problems.push(`${name}: must be a string`);
    else if (!rule.check(value)) problems.push(`${name}: ${rule.message}`);
    else values[name] = value;
  }
  if (problems.length) throw new Error(`Invalid portal configuration:\n${problems.join('\n')}`);
  return values;
}

const parsed = readSettings(import.meta.env);

export const env = {
  oidcAuthority: parsed.VITE_OIDC_AUTHORITY,
  oidcClientId: parsed.VITE_OIDC_CLIENT_ID,
  apiAudience: parsed.VITE_API_AUDIENCE,
  platformGraphqlUrl: parsed.VITE_PLATFORM_GRAPHQL_URL,
  /** The billing API (ours): subscriptions, card and billing details of the signed-in customer. */
  billingGraphqlUrl: parsed.VITE_BILLING_GRAPHQL_URL,
  /** The console-logs API (ours): recent log lines of replicas and runs, and their live tail (GraphQL over SSE). */
  consoleLogsGraphqlUrl: parsed.VITE_CONSOLE_LOGS_GRAPHQL_URL,
  /** The billing REST calls (SPEC §7) live under this: `/subscriptions`, `/information/update`. */
  billingUrl: parsed.VITE_BILLING_URL,
  /** PostHog's project key (public: it can only send events); empty turns session analytics off. */
  posthogKey: parsed.VITE_POSTHOG_KEY,
  /** Where PostHog events and recordings go: PostHog Cloud EU unless set. */
  posthogHost: parsed.VITE_POSTHOG_HOST,
  /**
   * Error reporting to Sentry: off without a DSN, and on only on the listed host names (comma-separated; local,
   * staging and production, SPEC §9). Trace headers go to the portal's own APIs only.
   */
  errorReporting: {
    dsn: parsed.VITE_SENTRY_DSN,
    environment: parsed.VITE_SENTRY_ENVIRONMENT,
    release: parsed.VITE_SENTRY_RELEASE || undefined,
    hosts: parsed.VITE_SENTRY_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    apiOrigins: [
      ...new Set(
        [
          parsed.VITE_PLATFORM_GRAPHQL_URL,
          parsed.VITE_BILLING_GRAPHQL_URL,
          parsed.VITE_CONSOLE_LOGS_GRAPHQL_URL,
          parsed.VITE_BILLING_URL,
        ].map((url) => new URL(url, window.location.origin).origin),
      ),
    ],
  },
  /**
   * The Unleash frontend API the feature flags come from (SPEC §7), absolute or on the portal's origin: by
   * default the server's own, which answers from Berth's flags or forwards to the Unleash of its FLAGS_URL.
   */
  flagsUrl: new URL(parsed.VITE_FLAGS_URL, window.location.origin).href,
  /** The frontend API key sent with every flags request (public: it can only read flags). */
  flagsClientKey: parsed.VITE_FLAGS_CLIENT_KEY,
} as const;
