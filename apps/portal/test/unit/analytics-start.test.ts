import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Whether and how PostHog starts: the SDK itself is replaced by a recording stand-in.
const posthog = vi.hoisted(() => ({
  init: vi.fn(),
  identify: vi.fn(),
  reset: vi.fn(),
  get_property: vi.fn<(name: string) => unknown>(),
}));
vi.mock('posthog-js/dist/module.no-external', () => ({ posthog }));
vi.mock('posthog-js/dist/lazy-recorder', () => ({}));

const { resetAnalytics, startAnalytics } = await import('../../src/lib/telemetry/analytics.ts');

const signInAs = (sub: string) =>
  window.localStorage.setItem(
    'berth.session',
    JSON.stringify({
      access_token: 'token',
      expires_at: Date.now() / 1000 + 300,
      profile: { sub, email: 'a@example.com' },
    }),
  );

beforeEach(() => signInAs('42'));
afterEach(() => {
  vi.clearAllMocks();
  window.localStorage.clear();
});

describe('startAnalytics', () => {
  it('loads nothing without a key or on a development host', async () => {
    startAnalytics('', 'portal.berth.example');
    startAnalytics('phc_key', 'localhost');
    startAnalytics('phc_key', '127.0.0.1');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(posthog.init).not.toHaveBeenCalled();
  });

  it('starts PostHog after the first screen with inputs masked and secrets left out, knowing the account by its id', async () => {
    startAnalytics('phc_key', 'portal.berth.example');
    await vi.waitFor(() => expect(posthog.identify).toHaveBeenCalled(), { timeout: 5000 });
    expect(posthog.init).toHaveBeenCalledWith(
      'phc_key',
      expect.objectContaining({
        api_host: 'https://eu.i.posthog.com',
        session_recording: expect.objectContaining({ maskAllInputs: true, blockSelector: '[data-secret]' }),
      }),
    );
    expect(posthog.identify).toHaveBeenCalledWith('42');
    expect(JSON.stringify([posthog.init.mock.calls, posthog.identify.mock.calls])).not.toContain(
      'a@example.com',
    );
    expect(posthog.reset).not.toHaveBeenCalled();

    await resetAnalytics();
    expect(posthog.reset).toHaveBeenCalledOnce();
  });

  it('starts a new person when another account was identified on this browser', async () => {
    posthog.get_property.mockImplementation((name) => (name === '$user_id' ? '7' : undefined));
    startAnalytics('phc_key', 'portal.berth.example');
    await vi.waitFor(() => expect(posthog.identify).toHaveBeenCalledWith('42'), { timeout: 5000 });
    expect(posthog.reset.mock.invocationCallOrder[0]).toBeLessThan(
      posthog.identify.mock.invocationCallOrder[0] ?? 0,
    );
  });
});
