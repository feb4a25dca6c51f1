import { expect, test, type Page } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { expectAccessible, openSignedIn, signIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';
import { codeFor, currentStep, signOut } from './support/two-factor.ts';

// The account page (issue 16): the theme chosen there holds across sign-out and sign-in, the identity
// provider's pages included; two-factor authentication is set up from it with an authenticator app's code
// (computed here) and asked for at the next sign-in. (api-keys.spec.ts uses what API access shows.)

/** How light the page's background is, 0 (black) to 1 (white). */
async function backgroundLightness(page: Page): Promise<number> {
  const colour = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [red = 0, green = 0, blue = 0] = (colour.match(/\d+/g) ?? []).map(Number);
  return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255;
}

async function expectDark(page: Page) {
  await expect.poll(() => backgroundLightness(page)).toBeLessThan(0.2);
}

async function expectLight(page: Page) {
  await expect.poll(() => backgroundLightness(page)).toBeGreaterThan(0.8);
}

async function openAccountFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Account of ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

test('the theme chosen on the account page holds across sign-out and sign-in, on the sign-in pages too', async ({
  page,
}) => {
  const customer = await createCustomer('theme', 'Thea Theme');
  await openSignedIn(page, '/', customer);
  await openAccountFromMenu(page, customer.name);
  await expectLight(page);
  await expectAccessible(page);

  await test.step('dark: the portal, the sign-in and sign-up pages, and the portal after signing in', async () => {
    // By keyboard: the arrow keys move along the theme choices.
    await page.getByRole('radio', { name: 'Light' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectDark(page);
    await expectAccessible(page);

    await signOut(page, customer.name);
    await expectDark(page);
    await expectAccessible(page);
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    await expectDark(page);

    await page.goto('/account');
    await signIn(page, customer.email, customer.password);
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expectDark(page);
  });

  await test.step('following the system: the device’s setting, live, and on the sign-in page', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('radio', { name: 'Follow the system' }).check();
    await expectLight(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectDark(page);

    await signOut(page, customer.name);
    await expectDark(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectLight(page);
  });

  await test.step('light again', async () => {
    await signIn(page, customer.email, customer.password);
    await openAccountFromMenu(page, customer.name);
    await page.getByRole('radio', { name: 'Light' }).check();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectLight(page);
    await page.emulateMedia({ colorScheme: null });
  });

  await captureScreens(page, 'account');
});

test('two-factor authentication is set up from the account page and asked for at the next sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('two-factor', 'Tomas Twofactor');
  await openSignedIn(page, '/account', customer);

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your two-factor secret' })).toBeVisible();
  await expectAccessible(page);
  await screenshotIdentityPage(page, 'identity-two-factor-setup');
  const secret = ((await page.locator('#totp-secret').textContent()) ?? '').replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(secret, currentStep()));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const recoveryCodes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recoveryCodes).toHaveCount(10);
  await expectAccessible(page);
  const recoveryCode = (await recoveryCodes.first().textContent()) ?? '';
  await page.getByRole('button', { name: 'Continue to Berth' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();

  await signOut(page, customer.name);
  await signIn(page, customer.email, customer.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectAccessible(page);
  await screenshotIdentityPage(page, 'identity-second-factor');
  // The set-up spent this step's code; the next step's is accepted now (within one step of the clock).
  await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(secret, currentStep() + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Signed in: back in the portal (at its home, where signing out left it).
  await openAccountFromMenu(page, customer.name);

  await test.step('the password grant wants the second factor as totp', async () => {
    const tokenEndpoint = 'http://localhost:8090/realms/berth/protocol/openid-connect/token';
    const form = {
      grant_type: 'password',
      client_id: 'berth-cli',
      username: customer.email,
      password: customer.password,
    };
    expect((await page.request.post(tokenEndpoint, { form })).status()).toBe(400);
    const answer = await page.request.post(tokenEndpoint, { form: { ...form, totp: recoveryCode } });
    expect(answer.status()).toBe(200);
  });
});

/** Sets the theme cookie as the portal does and reloads the identity provider's page. */
async function identityPageIn(page: Page, theme: 'light' | 'dark') {
  await page.context().addCookies([{ name: 'berth_theme', value: theme, domain: 'localhost', path: '/' }]);
  await page.reload();
  await (theme === 'dark' ? expectDark(page) : expectLight(page));
}

/** The identity provider's page at 1280 and 390 px wide, light and dark; left light, at the size it had. */
async function screenshotIdentityPage(page: Page, name: string) {
  const original = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    await identityPageIn(page, theme);
    for (const [label, width] of [
      ['desktop', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: `test-results/screens/${name}-${label}-${theme}.png`, fullPage: true });
    }
  }
  await identityPageIn(page, 'light');
  if (original) await page.setViewportSize(original);
}
