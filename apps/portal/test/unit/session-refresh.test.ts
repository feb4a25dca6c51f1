import type { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLock, refreshLockName } from '../../src/lib/auth/refresh-lock.ts';
import { createSession } from '../../src/lib/auth/session.ts';

const now = () => Math.floor(Date.now() / 1000);
const storeSession = (accessToken: string, expiresInSeconds: number) =>
  window.localStorage.setItem(
    'berth.session',
    JSON.stringify({
      access_token: accessToken,
      refresh_token: `refresh-of-${accessToken}`,
      expires_at: now() + expiresInSeconds,
    }),
  );

/** A lock shared by the "tabs" of a test, as the browser's Web Lock is: one holder at a time, in turn. */
function sharedLock() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const turn = tail.then(work);
    tail = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * The identity provider's token endpoint as the tabs' OIDC library uses it: it rotates the refresh token,
 * so a refresh token used twice is refused (invalid_grant), and writes the new tokens to the shared store.
 */
function identityProvider() {
  const used = new Set<string>();
  let issued = 0;
  const signinSilent = vi.fn(async () => {
    const stored = JSON.parse(window.localStorage.getItem('berth.session') ?? '{}') as {
      refresh_token?: string;
    };
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (!stored.refresh_token || used.has(stored.refresh_token)) throw new Error('invalid_grant');
    used.add(stored.refresh_token);
    issued += 1;
    storeSession(`token-${issued}`, 300);
    return { access_token: `token-${issued}` } as User;
  });
  const main = { signinSilent, signinRedirect: vi.fn(async () => undefined) } as unknown as UserManager;
  return { signinSilent, managers: async () => ({ main, registration: () => main }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('token refresh across tabs', () => {
  it('refreshes once when two tabs find the token expiring at the same time; both use the new token', async () => {
    storeSession('token-0', 5);
    const provider = identityProvider();
    const lock = sharedLock();
    const firstTab = createSession(provider.managers, lock);
    const secondTab = createSession(provider.managers, lock);

    const tokens = await Promise.all([firstTab.getAccessToken(), secondTab.getAccessToken()]);

    expect(tokens).toEqual(['token-1', 'token-1']);
    expect(provider.signinSilent).toHaveBeenCalledOnce();
  });

  it('takes the stored session another tab refreshed when opening with an expired one', async () => {
    storeSession('token-0', 5);
    const provider = identityProvider();
    const lock = sharedLock();

    const opened = await Promise.all([
      createSession(provider.managers, lock).establish(),
      createSession(provider.managers, lock).establish(),
    ]);

    expect(opened).toEqual([true, true]);
    expect(provider.signinSilent).toHaveBeenCalledOnce();
  });

  it('holds the browser-wide Web Lock while refreshing', async () => {
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { ...window.navigator, locks: { request } });
    await expect(refreshLock(async () => 'refreshed')).resolves.toBe('refreshed');
    expect(request).toHaveBeenCalledWith(refreshLockName, expect.any(Function));
  });
});
