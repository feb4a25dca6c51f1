import { UserManager } from 'oidc-client-ts';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { sessionStore } from './session-store.ts';

/**
 * The portal is a public client using the authorization code flow with PKCE S256 (oidc-client-ts's
 * default). The same settings work against the bundled identity provider and a real Keycloak realm.
 *
 * Registration uses a second manager whose authorization endpoint is the realm's `registrations`
 * endpoint (`metadataSeed` takes precedence over discovery); both share the state store, so the
 * main manager completes either flow on the callback.
 */
export function createUserManager({ registration = false } = {}): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: env.oidcAuthority,
    client_id: env.oidcClientId,
    redirect_uri: `${origin}${paths.authCallback}`,
    silent_redirect_uri: `${origin}${paths.authSilentCallback}`,
    post_logout_redirect_uri: `${origin}${paths.home}`,
    response_type: 'code',
    scope: 'openid profile email',
    userStore: sessionStore,
    // Renewal is driven by the session (on demand, and on a timer while the tab is visible).
    automaticSilentRenew: false,
    silentRequestTimeoutInSeconds: 5,
    ...(registration
      ? {
          metadataSeed: {
            authorization_endpoint: `${env.oidcAuthority}/protocol/openid-connect/registrations`,
          },
        }
      : {}),
  });
}
