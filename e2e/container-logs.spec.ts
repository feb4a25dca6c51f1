import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { platformRequest, waitUntilSettled } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens, useTheme } from './support/screens.ts';

// A container's logs tab (issue 15): the replicas' lines arrive live, those of replicas started by scaling up
// too, one replica can be picked, and a filter narrows the lines.

async function containerRequest(page: Page, operation: 'Create' | 'Modify', input: Record<string, unknown>) {
  const argument = operation === 'Create' ? 'ContainerCreateInput!' : 'ContainerModifyInput';
  await platformRequest(
    page,
    `mutation ($input: ${argument}) { container${operation}(containerInput: $input) { name } }`,
    { input: { name: 'web', namespace: 'logged', ...input } },
  );
}

test('a customer follows the log of a container live while it scales, per replica and filtered', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer('container-logs', 'Lou Logs');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'logged');
  const lines = page.getByRole('region', { name: 'Log lines' });

  await test.step('the logs tab shows the replica starting, live', async () => {
    await containerRequest(page, 'Create', {
      image: 'nginx:1.27',
      ports: ['80'],
      healthCheck: { port: 80, path: '/healthz' },
    });
    await page.goto(`${namespacesPath}/logged/container/web/overview`);
    await page.getByRole('tab', { name: 'Logs' }).click();
    await expect(page).toHaveURL(`${namespacesPath}/logged/container/web/logs`);
    await expect(page).toHaveTitle(/^Logs · web · logged/);
    await expect(page.getByRole('status').getByText('Following')).toBeVisible();
    await expect(lines.getByText('Ready to accept requests')).toBeVisible({ timeout: 60_000 });
    await expect(lines.getByText('web-', { exact: false }).first()).toBeVisible();
  });

  await test.step('scaled to three replicas, the new ones log into All replicas while followed', async () => {
    await waitUntilSettled(page, 'logged');
    await containerRequest(page, 'Modify', { scaling: { manual: { replicas: 3 } } });
    await waitUntilSettled(page, 'logged');
    const { container } = await platformRequest<{ container: { replicas: { name: string }[] } }>(
      page,
      `query { container(containerResourceInput: { namespace: "logged", name: "web" }) { replicas { name } } }`,
    );
    expect(container.replicas).toHaveLength(3);
    for (const { name } of container.replicas) {
      const ready = lines
        .locator('[data-index]', { hasText: name })
        .filter({ hasText: 'Ready to accept requests' });
      await expect(ready).toBeVisible();
    }
    await expect(lines.getByText(/GET \/healthz 200/).first()).toBeVisible({ timeout: 30_000 });
    // The replaced replica's SIGTERM notice is on stderr: its colour is checked in both themes.
    await expect(lines.getByText('Received SIGTERM, shutting down').first()).toBeVisible();
    await expectAccessible(page);
    await useTheme(page, 'dark');
    await expectAccessible(page);
    await useTheme(page, 'light');
    await captureScreens(page, 'container-logs-all');
  });

  await test.step('one replica picked, only its lines show', async () => {
    await page.getByRole('combobox', { name: 'Replica' }).click();
    const options = page.getByRole('option');
    await expect(options).toHaveCount(4);
    const second = (await options.nth(2).textContent()) ?? '';
    await options.nth(2).click();
    await expect(lines.getByText('Ready to accept requests')).toHaveCount(1);
    // Lines of one replica need not say whose they are.
    await expect(lines.getByText(second, { exact: true })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Replica' }).click();
    await page.getByRole('option', { name: 'All replicas' }).click();
    await expect(lines.getByText('Ready to accept requests')).toHaveCount(3);
  });

  await test.step('a filter narrows the lines, and new ones keep arriving', async () => {
    await page.getByRole('searchbox', { name: 'Filter' }).fill('healthz');
    await expect(lines.getByText('Ready to accept requests')).toHaveCount(0);
    const before = await lines.getByText(/GET \/healthz 200/).count();
    expect(before).toBeGreaterThan(0);
    await expect
      .poll(() => lines.getByText(/GET \/healthz 200/).count(), { timeout: 30_000 })
      .toBeGreaterThan(before);
    await expectAccessible(page);
    await captureScreens(page, 'container-logs-filtered');
  });

  await test.step('paused, new lines are counted but not shown until resumed', async () => {
    await page.getByRole('button', { name: 'Pause' }).click();
    const shown = await lines.getByText(/GET \/healthz 200/).count();
    // The log's status among the page's (the shell's offline status is there too, empty while online).
    const tailStatus = page.getByRole('status').filter({ hasText: /^(Paused|Following)/ });
    await expect(tailStatus).toHaveText(/^Paused · [1-9]\d* new lines?$/, { timeout: 30_000 });
    expect(await lines.getByText(/GET \/healthz 200/).count()).toBe(shown);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(tailStatus).toHaveText('Following');
    expect(await lines.getByText(/GET \/healthz 200/).count()).toBeGreaterThan(shown);
  });
});
