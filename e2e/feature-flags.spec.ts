import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../apps/server/test/support/ports.ts';
import { postgresServerReachable, postgresServerUrl } from '../apps/server/test/support/postgres-server.ts';
import { startUnleash } from '../apps/server/test/support/unleash.ts';
import { admin, createCustomer } from './support/admin.ts';
import { startBerthServer } from './support/berth-server.ts';
import { expectAccessible, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// Feature flags (issue 16, SPEC §2 guard step 4): a page behind a flag closes, at the portal's next refresh
// of the flags (every 15 s), when an operator switches the flag off, its navigation entry goes too, and both
// come back once it is on again; first with Berth's own flags (the operators' command line), then with a real
// Unleash behind the server's /api/frontend (FLAGS_URL).

const auditLogPath = '/account/audit-log';
/** One refresh of the flags, and the moment the answer takes to reach the screen. */
const withinOneRefresh = { timeout: 15_000 + 5_000 };

const auditLogEntry = (page: Page) =>
  page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Audit log' });

/** At `pathname` on whichever server the page is on (a relative address would mean the default one). */
const at = (pathname: string) => (url: URL) => url.pathname === pathname;

async function expectAuditLogOpen(page: Page) {
  await expect(page).toHaveURL(at(auditLogPath));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
}

/** The flag goes off: the open page turns into not-allowed by itself, and the entry leaves the navigation. */
async function expectClosedByTheNextRefresh(page: Page) {
  await expect(page).toHaveURL(at('/not-allowed'), withinOneRefresh);
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(auditLogEntry(page)).toHaveCount(0);
}

/** The flag is on again: the entry comes back without a reload, and leads to the page. */
async function expectReopenedByTheNextRefresh(page: Page) {
  await expect(auditLogEntry(page)).toBeVisible(withinOneRefresh);
  await auditLogEntry(page).click();
  await expectAuditLogOpen(page);
}

test('an operator switches the audit log off and on with the command line; the open page follows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer('feature-flags', 'Flora Flagged');
  await openSignedIn(page, auditLogPath, customer);
  await expectAuditLogOpen(page);
  await expect(auditLogEntry(page)).toBeVisible();

  try {
    await test.step('off: the page closes within one refresh', async () => {
      await admin('flag', 'disable', 'audit-log');
      await expectClosedByTheNextRefresh(page);
      await expectAccessible(page);
      await captureScreens(page, 'feature-flag-not-allowed');
    });

    await test.step('an address of the closed page goes to not-allowed too', async () => {
      await page.goto(auditLogPath);
      await expect(page).toHaveURL(at('/not-allowed'));
      await expect(auditLogEntry(page)).toHaveCount(0);
    });
  } finally {
    // The other specs need the audit log.
    await admin('flag', 'enable', 'audit-log');
  }

  await test.step('on: the entry is back and leads to the page', async () => {
    await expectReopenedByTheNextRefresh(page);
  });
});

test('a real Unleash behind the server (FLAGS_URL) switches the audit log off and on', async ({ page }) => {
  test.setTimeout(180_000);
  test.skip(
    !(await postgresServerReachable()),
    `No PostgreSQL server at ${postgresServerUrl} (DATABASE_URL): the real Unleash keeps its flags in one`,
  );

  const unleash = await startUnleash();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'berth-e2e-unleash-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  try {
    await unleash.setFlag('audit-log', true);
    await unleash.setFlag('database-clusters', true);
    // A second server, the same portal build, with FLAGS_CLIENT_KEY's default: the Unleash frontend token.
    const server = await startBerthServer({
      port,
      dataDir,
      env: { PUBLIC_URL: baseUrl, FLAGS_URL: unleash.frontendUrl },
    });
    try {
      // The demo account every server makes on start (DEMO_ACCOUNT), with its password.
      const demo = { email: 'demo@example.com', password: process.env.DEMO_PASSWORD ?? 'berth-demo' };
      await openSignedIn(page, `${baseUrl}${auditLogPath}`, demo);
      await expectAuditLogOpen(page);
      await expect(auditLogEntry(page)).toBeVisible();

      await test.step('off in Unleash: the page closes within one refresh', async () => {
        await unleash.setFlag('audit-log', false);
        await expectClosedByTheNextRefresh(page);
        await expect(
          page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Cloud databases' }),
        ).toBeVisible();
      });

      await test.step('on in Unleash: the entry is back and leads to the page', async () => {
        await unleash.setFlag('audit-log', true);
        await expectReopenedByTheNextRefresh(page);
      });
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await unleash.stop();
  }
});
