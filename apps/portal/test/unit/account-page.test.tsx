import { screen, waitFor, within } from '@testing-library/react';
import { UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { cronLocales } from '@berth/cron';
import { languageChoices } from '../../src/features/account/components/languages.ts';
import { customerLocale, formatDateTime } from '../../src/lib/format.ts';
import { chooseLanguage } from '../../src/lib/language.ts';
import { signInStatus, twoFactorOff } from '../support/account-sign-in.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// The account page (/account): who is signed in, theme and language, two-factor set-up, and what a
// command-line tool needs to sign in.

// Two-factor sign-in is off (account-two-factor.test.tsx tests the section in each state).
beforeEach(() => server.use(signInStatus(twoFactorOff)));

afterEach(() => {
  chooseLanguage(null);
  delete document.documentElement.dataset.theme;
  document.cookie = 'berth_theme=; Path=/; Max-Age=0';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openAccountPage() {
  const view = renderWithProviders({ path: '/account' });
  await screen.findByRole('heading', { name: 'Account', level: 1 });
  return view;
}

/** A device whose light or dark setting the test changes, as matchMedia reports it. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) =>
    media === '(prefers-color-scheme: dark)'
      ? query
      : { matches: false, addEventListener() {}, removeEventListener() {} },
  );
  return {
    switchTo(next: 'dark' | 'light') {
      dark = next === 'dark';
      for (const listener of listeners) listener();
    },
  };
}

describe('the account page', () => {
  test('opens from the avatar menu and shows the account', async () => {
    const { user } = renderWithProviders({ path: '/welcome' });
    await user.click(await screen.findByRole('button', { name: 'Account of Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Account' }));

    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(document.title).toBe('Account | Berth');
    const facts = Object.fromEntries(
      within(profile)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Name: 'Ada Lovelace',
      Email: 'ada@example.com',
      Customer: 'Analytical Engines',
      'Customer ID': 'customer-1',
      Role: 'customer',
    });
  });

  test('the theme chosen applies at once and is remembered, in local storage and the sign-in pages’ cookie', async () => {
    const cookies = vi.spyOn(Document.prototype, 'cookie', 'set');
    const { user } = await openAccountPage();
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(window.localStorage.getItem('berth.theme')).toBe('dark');
    expect(cookies).toHaveBeenLastCalledWith('berth_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(document.cookie).toContain('berth_theme=dark');
  });

  test('following the system takes the device’s setting, and follows it when it changes', async () => {
    const device = fakeDevice(true);
    const { user } = await openAccountPage();

    await user.click(screen.getByRole('radio', { name: 'Follow the system' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('berth.theme')).toBe('system');
    expect(document.cookie).toContain('berth_theme=system');

    device.switchTo('light');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
  });

  test('a theme remembered before the cookie existed is written to it on start', async () => {
    window.localStorage.setItem('berth.theme', 'dark');
    await openAccountPage();
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.cookie).toContain('berth_theme=dark');
  });

  test('the language chosen writes dates in it', async () => {
    const { user } = await openAccountPage();
    const when = '2030-01-31T12:00:00.000Z';
    const german = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(when),
    );
    expect(formatDateTime(when)).not.toBe(german);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Language of dates and schedules' }),
      screen.getByRole('option', { name: 'Deutsch (German)' }),
    );
    expect(formatDateTime(when)).toBe(german);
    expect(window.localStorage.getItem('berth.language')).toBe('de');
    // The page's own sample follows at once; schedules are described in the locale dates are written in.
    expect(screen.getByText(/^Dates read/)).toHaveTextContent(
      /^Dates read “\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}”\.$/,
    );
    expect(customerLocale()).toBe('de');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Language of dates and schedules' }),
      screen.getByRole('option', { name: 'The browser’s language' }),
    );
    expect(window.localStorage.getItem('berth.language')).toBeNull();
    expect(formatDateTime(when)).not.toBe(german);
  });

  test('offers the cron editor’s languages', () => {
    expect(languageChoices).toEqual(cronLocales);
  });

  test('setting up two-factor authentication asks the identity provider for its set-up, back to this page', async () => {
    const signinRedirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue();
    const { user } = await openAccountPage();

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await waitFor(() => expect(signinRedirect).toHaveBeenCalledOnce());
    expect(signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/account' },
      extraQueryParams: { kc_action: 'CONFIGURE_TOTP' },
    });
  });

  test('says so when the identity provider cannot be reached for the set-up', async () => {
    vi.spyOn(UserManager.prototype, 'signinRedirect').mockRejectedValue(new Error('Failed to fetch'));
    const { user } = await openAccountPage();

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in service did not answer');
  });

  test('API access shows the token endpoint, the API and requests to copy', async () => {
    const { user } = await openAccountPage();
    const access = screen.getByRole('region', { name: 'API access' });
    const tokenEndpoint = `${window.location.origin}/realms/berth/protocol/openid-connect/token`;
    expect(within(access).getByText(tokenEndpoint)).toBeInTheDocument();
    expect(within(access).getByText(`${window.location.origin}/graphql/platform`)).toBeInTheDocument();

    // account-api-keys.test.tsx checks what the two requests say.
    const example = within(access).getByLabelText('Example token request');
    await user.click(within(access).getByRole('button', { name: 'Copy the example token request' }));
    expect(await navigator.clipboard.readText()).toBe(example.textContent);
    await user.click(within(access).getByRole('button', { name: 'Copy the token endpoint' }));
    expect(await navigator.clipboard.readText()).toBe(tokenEndpoint);
  });
});
