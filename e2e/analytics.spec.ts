import { randomUUID } from 'node:crypto';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { adminIn } from './support/admin.ts';
import { startCaptureReceiver, type CaptureReceiver } from './support/capture-receiver.ts';
import { createNamespace, namespacesPath, signIn } from './support/portal.ts';
import { startCustomPortal, type CustomPortal } from './support/portal-build.ts';

// Session analytics (SPEC §9): a portal built with a PostHog key sends events and masked session recordings
// from a real host name, and nothing from localhost or a bare IP address. Chromium maps the host name to this
// machine; a local receiver stands in for PostHog and keeps every payload, decompressed, to search.

const hostName = 'portal.berth.example';
const demoEmail = 'demo@example.com';
const demoPassword = `demo-password-${randomUUID()}`;
const secretValue = `secret-value-${randomUUID()}`;
const plainValue = `plain-value-${randomUUID()}`;
const defaultLaunchOptions = config.use?.launchOptions ?? {};

const test = base.extend<object, { receiver: CaptureReceiver; portal: CustomPortal }>({
  receiver: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const receiver = await startCaptureReceiver();
      await use(receiver);
      await receiver.stop();
    },
    { scope: 'worker' },
  ],
  // A build of the portal of its own (a minute or two on a busy machine), its server and the demo customer.
  portal: [
    async ({ receiver }, use) => {
      const portal = await startCustomPortal({
        settings: { VITE_POSTHOG_KEY: 'phc_berth_e2e', VITE_POSTHOG_HOST: receiver.url },
        publicHost: hostName,
        serverEnv: { DEMO_ACCOUNT: 'true', DEMO_PASSWORD: demoPassword },
      });
      await adminIn(
        portal.dataDir,
        'subscription',
        'grant',
        '--email',
        demoEmail,
        '--product',
        'serverless-container',
      );
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  // Chromium sends the host name to this machine, and treats its plain-HTTP address as the HTTPS one it is in
  // production (signing in needs a secure context for its PKCE hashing).
  launchOptions: [
    async ({ portal }, use) => {
      await use({
        ...defaultLaunchOptions,
        args: [
          ...(defaultLaunchOptions.args ?? []),
          `--host-resolver-rules=MAP ${hostName} 127.0.0.1`,
          `--unsafely-treat-insecure-origin-as-secure=http://${hostName}:${portal.port}`,
          // No `navigator.webdriver`: PostHog drops what automated browsers send (see customerBrowser).
          '--disable-blink-features=AutomationControlled',
        ],
      });
    },
    { scope: 'worker' },
  ],
});

const origin = (portal: CustomPortal, host: string) => `http://${host}:${portal.port}`;

/** A customer's browser: PostHog ignores headless and automated ones as bots, so the test browser passes as one. */
const customerBrowser = (browser: Browser, host: string, portal: CustomPortal) => ({
  baseURL: origin(portal, host),
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
});

/** Signs in as the demo customer on the host name; the portal is on screen. */
async function signInOnHostName(browser: Browser, portal: CustomPortal): Promise<Page> {
  const context = await browser.newContext(customerBrowser(browser, hostName, portal));
  const page = await context.newPage();
  await page.goto(namespacesPath);
  await signIn(page, demoEmail, demoPassword);
  await page.waitForURL((url) => !url.pathname.startsWith('/realms/') && !url.pathname.startsWith('/auth/'));
  await expect(page.getByRole('banner')).toBeVisible();
  return page;
}

test('on a real host name, events and a recording arrive, typed secrets masked and the account known by its id only', async ({
  browser,
  portal,
  receiver,
}) => {
  test.setTimeout(120_000);
  const page = await signInOnHostName(browser, portal);
  const accountId = await page.evaluate(
    () =>
      (JSON.parse(window.localStorage.getItem('berth.session') ?? '{}') as { profile?: { sub?: string } })
        .profile?.sub,
  );
  expect(accountId).toMatch(/^\d+$/);
  const fromHostName = () =>
    receiver.requests.filter((request) => request.origin === origin(portal, hostName));

  await test.step('page views arrive, the account identified by its id', async () => {
    await expect
      .poll(() =>
        fromHostName()
          .flatMap((request) => request.events)
          .some(
            (event) => event.event === '$pageview' && event.properties.$host === `${hostName}:${portal.port}`,
          ),
      )
      .toBe(true);
    await expect
      .poll(() =>
        fromHostName()
          .flatMap((request) => request.events)
          .some((event) => event.event === '$identify' && event.properties.distinct_id === accountId),
      )
      .toBe(true);
  });

  await test.step('what is typed into a form is recorded masked, secret or not', async () => {
    await createNamespace(page, 'analytics');
    await page.goto(`${namespacesPath}/analytics/container/new`);
    const variables = page.getByRole('region', { name: 'Environment variables' });
    await variables.getByRole('button', { name: 'Add variable' }).click();
    await variables.getByRole('textbox', { name: 'Variable name' }).nth(0).fill('MODE');
    await variables.getByLabel('Value').nth(0).pressSequentially(plainValue);
    await variables.getByRole('button', { name: 'Add variable' }).click();
    await variables.getByRole('textbox', { name: 'Variable name' }).nth(1).fill('DATABASE_PASSWORD');
    await variables.getByRole('switch', { name: 'Secret' }).nth(1).check();
    await variables.getByLabel('Value').nth(1).pressSequentially(secretValue);
    // The recording holds the typing, as many asterisks as characters.
    const masked = `"text":"${'*'.repeat(secretValue.length)}"`;
    await expect
      .poll(() => fromHostName().some((request) => request.path === '/s/' && request.text.includes(masked)), {
        timeout: 30_000,
      })
      .toBe(true);
  });

  await test.step('no payload holds a typed value, the password or the email address', async () => {
    // Closing the page flushes what posthog-js still holds, as far as the browser lets it.
    await page.context().close();
    // Named by what leaked and where to, so a failure does not print whole recordings.
    const leaks = [secretValue, plainValue, demoPassword].flatMap((value) =>
      receiver.requests
        .filter((request) => request.text.includes(value))
        .map((request) => `${value} → ${request.path}`),
    );
    expect(leaks).toEqual([]);
    const identified = receiver.events().filter((event) => event.event === '$identify');
    expect(JSON.stringify(identified)).not.toContain(demoEmail);
  });
});

test('on localhost and on a bare IP address the same portal sends nothing', async ({
  browser,
  portal,
  receiver,
}) => {
  test.setTimeout(120_000);
  // A session from the host name, carried over: the portal renders at the other addresses without signing in.
  const signedIn = await signInOnHostName(browser, portal);
  const session = await signedIn.evaluate(() => window.localStorage.getItem('berth.session') ?? '');
  await signedIn.context().close();

  for (const host of ['localhost', '127.0.0.1']) {
    await test.step(host, async () => {
      const context = await browser.newContext({
        ...customerBrowser(browser, host, portal),
        storageState: {
          cookies: [],
          origins: [
            { origin: origin(portal, host), localStorage: [{ name: 'berth.session', value: session }] },
          ],
        },
      });
      const page = await context.newPage();
      const toReceiver: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(receiver.url)) toReceiver.push(request.url());
      });
      await page.goto(namespacesPath);
      await expect(page.getByRole('heading', { level: 1, name: 'Namespaces' })).toBeVisible();
      await page.goto('/welcome');
      await expect(page.getByRole('banner')).toBeVisible();
      // Past the moment analytics start on the host name (the browser idle after load), and a batch later.
      await page.evaluate(
        () => new Promise((resolve) => window.requestIdleCallback(() => setTimeout(resolve, 5000))),
      );
      await context.close();
      expect(toReceiver).toEqual([]);
      expect(receiver.requests.filter((request) => request.origin === origin(portal, host))).toEqual([]);
    });
  }
});
