import type { User, UserManager } from 'oidc-client-ts';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { resetAnalytics } from '../telemetry/analytics.ts';
import { refreshLock } from './refresh-lock.ts';
import { readStoredSession, secondsLeft, sessionStorageKey } from './session-store.ts';

/** SPEC §4: the access token is refreshed once fewer than this many seconds of validity remain. */
export const tokenRefreshThresholdSeconds = 15;

interface SignInState {
  returnTo: string;
}

/** Only a path on this origin may be returned to after sign-in (no `//host` or absolute URLs). */
export function safeReturnPath(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'returnTo' in value) {
    const returnTo = value.returnTo;
    if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//'))
      return returnTo;
  }
  return paths.home;
}

export class SignInRestartedError extends Error {
  constructor() {
    super('The session ended; signing in again');
    this.name = 'SignInRestartedError';
  }
}

export interface Session {
  /** Runs once on page load; resolves true when the portal may render, false when the page is leaving. */
  establish(): Promise<boolean>;
  getAccessToken(): Promise<string>;
  getTokenEndpoint(): Promise<string>;
  restartSignIn(): void;
  /**
   * Sends the customer to the identity provider's two-factor set-up (SPEC §6: the authorization request with
   * Keycloak's `kc_action=CONFIGURE_TOTP`, which the built-in provider understands too), back to `returnTo`.
   */
  setUpTwoFactor(returnTo: string): Promise<void>;
  signOut(): Promise<void>;
}

interface Managers {
  main: UserManager;
  registration: () => UserManager;
}

/**
 * The signed-in customer's session. The OIDC library is loaded only when it has work to do (sign-in,
 * callbacks, refresh, sign-out): a returning customer with a valid stored session gets the first screen
 * without it.
 */
export function createSession(
  loadManagers: () => Promise<Managers>,
  withRefreshLock: <T>(work: () => Promise<T>) => Promise<T> = refreshLock,
): Session {
  let managers: Promise<Managers> | null = null;
  let refreshing: Promise<string> | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let tokenEndpoint: Promise<string> | null = null;

  const load = () => (managers ??= loadManagers());
  const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

  const restartSignIn = () => {
    void load().then(({ main }) =>
      main.signinRedirect({ state: { returnTo: currentPath() } satisfies SignInState }),
    );
  };

  // Across tabs, the lock lets one tab at a time use the refresh token (the identity provider rotates it: a
  // second use of the same one is refused with invalid_grant); a tab that gets the lock after another has
  // refreshed takes the tokens that tab stored. Resolves with the access token, or null when there is none.
  const renewUnderLock = () =>
    withRefreshLock(async (): Promise<string | null> => {
      const stored = readStoredSession();
      if (stored && secondsLeft(stored) > tokenRefreshThresholdSeconds) return stored.access_token;
      const user: User | null = await (await load()).main.signinSilent();
      return user?.access_token ?? null;
    });

  // One refresh at a time in a tab: parallel requests that all find the token about to expire share it.
  const refresh = (): Promise<string> => {
    refreshing ??= renewUnderLock()
      .then((accessToken) => {
        if (accessToken === null) throw new Error('No token found');
        scheduleRefresh();
        return accessToken;
      })
      .catch((error: unknown) => {
        restartSignIn();
        throw error instanceof Error ? error : new SignInRestartedError();
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  // Refresh ahead of expiry while the tab is visible; a hidden tab makes no requests and refreshes on
  // demand (getAccessToken) when it is used again.
  function scheduleRefresh() {
    clearTimeout(refreshTimer);
    const stored = readStoredSession();
    if (!stored) return;
    const delayMs = Math.max(0, (secondsLeft(stored) - tokenRefreshThresholdSeconds) * 1000);
    refreshTimer = setTimeout(() => {
      if (document.visibilityState === 'visible') refresh().catch(() => undefined);
    }, delayMs);
  }

  // Another tab's refresh moves this tab's schedule to the new expiry.
  window.addEventListener('storage', (event) => {
    if (event.key === sessionStorageKey && refreshTimer !== undefined) scheduleRefresh();
  });

  return {
    async establish() {
      const path = window.location.pathname;
      if (path === paths.authSilentCallback) {
        // Inside the hidden iframe of a silent check: hand the answer to the parent window, render nothing.
        await (await load()).main.signinCallback();
        return false;
      }
      if (path === paths.authCallback) {
        const user = await (await load()).main.signinCallback();
        window.history.replaceState(null, '', safeReturnPath(user?.state));
        scheduleRefresh();
        return true;
      }
      const stored = readStoredSession();
      if (stored && secondsLeft(stored) > tokenRefreshThresholdSeconds) {
        if (path === paths.register) window.history.replaceState(null, '', paths.home);
        scheduleRefresh();
        return true;
      }
      // Silent check: refresh a stored session (or take another tab's refresh of it), else ask the identity
      // provider about its own session.
      const { main, registration } = await load();
      const accessToken = await renewUnderLock().catch(() => null);
      if (accessToken !== null) {
        scheduleRefresh();
        return true;
      }
      if (path === paths.register) {
        await registration().signinRedirect({
          state: { returnTo: paths.afterRegistration } satisfies SignInState,
        });
      } else {
        await main.signinRedirect({ state: { returnTo: currentPath() } satisfies SignInState });
      }
      return false;
    },

    async getAccessToken() {
      const stored = readStoredSession();
      if (!stored) {
        restartSignIn();
        throw new Error('No token found');
      }
      if (secondsLeft(stored) < tokenRefreshThresholdSeconds) return refresh();
      return stored.access_token;
    },

    getTokenEndpoint() {
      tokenEndpoint ??= fetch(`${env.oidcAuthority}/.well-known/openid-configuration`)
        .then((response) =>
          response.ok
            ? (response.json() as Promise<{ token_endpoint?: string }>)
            : Promise.reject(new Error('Failed to get permissions')),
        )
        .then((metadata) => metadata.token_endpoint ?? Promise.reject(new Error('Failed to get permissions')))
        .catch((error: unknown) => {
          tokenEndpoint = null;
          throw error;
        });
      return tokenEndpoint;
    },

    restartSignIn,

    async setUpTwoFactor(returnTo) {
      const { main } = await load();
      await main.signinRedirect({
        state: { returnTo } satisfies SignInState,
        extraQueryParams: { kc_action: 'CONFIGURE_TOTP' },
      });
    },

    async signOut() {
      await resetAnalytics();
      await (await load()).main.signoutRedirect();
    },
  };
}

export const session = createSession(() =>
  import('./user-manager.ts').then(({ createUserManager }) => ({
    main: createUserManager(),
    registration: () => createUserManager({ registration: true }),
  })),
);
