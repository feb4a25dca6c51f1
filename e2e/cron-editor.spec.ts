import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { closeMenu, pickOptions } from './support/forms.ts';

// The editor runs in a page of its own (apps/portal/test/harness), served by Vite, so this test needs neither
// the platform server nor the rest of the portal.
const portalRoot = fileURLToPath(new URL('../apps/portal', import.meta.url));
let vite: ViteDevServer;
let harnessUrl: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  vite = await createServer({
    root: portalRoot,
    configFile: `${portalRoot}/vite.config.ts`,
    logLevel: 'warn',
    // Nothing is watched: edits elsewhere in the portal, made while the test runs, must not reload the page.
    server: { host: '127.0.0.1', port, strictPort: true, watch: { ignored: ['**'] } },
    // Pre-bundle only what the harness needs, in a cache of its own, whatever state the rest of the portal is in.
    cacheDir: `${tmpdir()}/berth-cron-editor-vite`,
    optimizeDeps: { entries: ['test/harness/cron-editor.html'] },
  });
  await vite.listen();
  harnessUrl = `http://127.0.0.1:${port}/test/harness/cron-editor.html`;
});

test.afterAll(async () => {
  await vite.close();
});

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test(`builds 0 4 * * 1 with clicks only (${name})`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(harnessUrl);
    const expression = page.getByRole('textbox', { name: 'Cron expression' });
    await expect(expression).toHaveValue('* * * * *');

    await page.getByRole('combobox', { name: 'Schedule' }).click();
    await page.getByRole('option', { name: 'Every week' }).click();
    await pickOptions(page, 'Days of week', ['Monday']);
    await page.getByRole('combobox', { name: 'Hours' }).click();
    await page.getByRole('listbox').getByRole('option', { name: '04', exact: true }).click();
    await page.screenshot({ path: testInfo.outputPath(`cron-editor-${name}-hours.png`) });
    await closeMenu(page);
    await pickOptions(page, 'Minutes', ['00']);

    await expect(expression).toHaveValue('0 4 * * 1');
    await expect(page.getByText('At 04:00 AM, only on Monday')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next runs (UTC)' }).getByRole('listitem')).toHaveCount(5);
    // Nothing may stick out sideways at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: testInfo.outputPath(`cron-editor-${name}.png`), fullPage: true });

    const audit = await new AxeBuilder({ page }).analyze();
    expect(audit.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
}

test('loads the description texts of another locale in the browser', async ({ page }) => {
  await page.goto(
    `${harnessUrl}?value=${encodeURIComponent('0 0 4 ? * 2')}&format=quartz&locale=de&timezone=Europe/Berlin`,
  );
  await expect(page.getByText('Um 04:00, nur jeden Montag')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Wochentage' })).toHaveText('Mo');
  await expect(
    page.getByRole('region', { name: 'Nächste Ausführungen (Europe/Berlin)' }).getByRole('listitem'),
  ).toHaveCount(5);
});
