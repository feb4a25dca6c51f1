import type { User, UserManager } from 'oidc-client-ts';
import { paths } from '../../config/paths.ts';
import { createUserManager, tokenRefreshThresholdSeconds } from './user-manager.ts';

interface SignInState {
  returnTo: string;
}

/** Only a path on this origin may be returned to after sign-in (no `//host` or absolute URLs). */
export function safeReturnPath(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'returnTo' in value) {
    const returnTo = value.returnTo;
    if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')) return returnTo;
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
  signOut(): Promise<void>;
}

export function createSession(manager: UserManager, createRegistrationManager: () => UserManager): Session {
  let refreshing: Promise<User> | null = null;

  const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

  const restartSignIn = () => {
    void manager.signinRedirect({ state: { returnTo: currentPath() } satisfies SignInState });
  };

  // One refresh at a time: parallel requests that all find the token about to expire share it.
  const refresh = (): Promise<User> => {
    refreshing ??= manager
      .signinSilent()
      .then((user) => {
        if (!user) throw new Error('No token found');
        return user;
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

  manager.events.addAccessTokenExpiring(() => {
    // A hidden tab makes no requests; it refreshes on demand when it is used again.
    if (document.visibilityState === 'visible') refresh().catch(() => undefined);
  });

  return {
    async establish() {
      const path = window.location.pathname;
      if (path === paths.authSilentCallback) {
        // Inside the hidden iframe of a silent check: hand the answer to the parent window, render nothing.
        await manager.signinCallback();
        return false;
      }
      if (path === paths.authCallback) {
        const user = await manager.signinCallback();
        window.history.replaceState(null, '', safeReturnPath(user?.state));
        return true;
      }
      // Silent check: a stored session (refreshed when expired), else the identity provider's own session.
      let user = await manager.getUser();
      if (!user || user.expired) user = await manager.signinSilent().catch(() => null);
      if (user) return true;
      if (path === paths.register) {
        const state: SignInState = { returnTo: paths.namespaces.list };
        await createRegistrationManager().signinRedirect({ state });
      } else {
        const state: SignInState = { returnTo: currentPath() };
        await manager.signinRedirect({ state });
      }
      return false;
    },

    async getAccessToken() {
      const user = await manager.getUser();
      if (!user) {
        restartSignIn();
        throw new Error('No token found');
      }
      if ((user.expires_in ?? 0) < tokenRefreshThresholdSeconds) return (await refresh()).access_token;
      return user.access_token;
    },

    getTokenEndpoint: () => manager.metadataService.getTokenEndpoint(false),

    restartSignIn,

    async signOut() {
      await manager.signoutRedirect();
    },
  };
}

export const session = createSession(createUserManager(), () => createUserManager({ registration: true }));
