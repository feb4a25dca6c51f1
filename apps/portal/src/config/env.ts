// zod/mini: the same validation at a fraction of the size, since this runs before the first screen.
import * as z from 'zod/mini';

// Build-time settings (VITE_*) with defaults that fit the bundled server: everything on the portal's own origin.
const envSchema = z.object({
  VITE_OIDC_AUTHORITY: z._default(z.string().check(z.regex(/^https?:\/\/[^/]/, 'must be an http(s) URL')), `${window.location.origin}/realms/berth`),
  VITE_OIDC_CLIENT_ID: z._default(z.string().check(z.minLength(1)), 'berth-portal'),
  VITE_API_AUDIENCE: z._default(z.string().check(z.minLength(1)), 'berth-platform'),
  VITE_PLATFORM_GRAPHQL_URL: z._default(z.string().check(z.minLength(1)), '/graphql/platform'),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Invalid portal configuration:\n${problems.join('\n')}`);
}

export const env = {
  oidcAuthority: parsed.data.VITE_OIDC_AUTHORITY,
  oidcClientId: parsed.data.VITE_OIDC_CLIENT_ID,
  apiAudience: parsed.data.VITE_API_AUDIENCE,
  platformGraphqlUrl: parsed.data.VITE_PLATFORM_GRAPHQL_URL,
} as const;
