import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { platformRequest, waitUntilSettled } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// A container's metrics tab and the Events on its overview (issue 15): a running container's CPU, memory and
// requests drawn over the last hour, day and week; its deploy and who changed what, the change opened.

async function containerRequest(page: Page, operation: 'Create' | 'Modify', input: Record<string, unknown>) {
  const argument = operation === 'Create' ? 'ContainerCreateInput!' : 'ContainerModifyInput';
  await platformRequest(
    page,
    `mutation ($input: ${argument}) { container${operation}(containerInput: $input) { name } }`,
    { input: { name: 'web', namespace: 'measured', ...input } },
  );
}

test('a customer sees what happened to a container and its CPU, memory and requests over time', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer('container-metrics', 'Mo Metrics');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'measured');
  const base = `${namespacesPath}/measured/container/web`;

  await test.step('the overview lists the deploy and the change, by whom, the change opened', async () => {
    await containerRequest(page, 'Create', { image: 'nginx:1.27', ports: ['80'] });
    await waitUntilSettled(page, 'measured');
    await containerRequest(page, 'Modify', { image: 'nginx:1.28' });
    await page.goto(`${base}/overview`);
    const events = page.getByRole('list', { name: 'Events' });
    // Followed while the change rolls out: its deploy finishing arrives without a reload.
    await expect(
      events.getByRole('listitem').filter({ hasText: 'Deploy finished: 1 of 1 replicas running nginx:1.28' }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(events.getByRole('listitem').filter({ hasText: 'Deploy finished' })).toHaveCount(2);
    const change = events
      .getByRole('listitem')
      .filter({ hasText: `by ${customer.email}` })
      .first();
    await change.getByRole('button', { name: /^Show changes/ }).click();
    await expect(change.locator('del', { hasText: 'nginx:1.27' })).toBeVisible();
    await expect(change.locator('ins', { hasText: 'nginx:1.28' })).toBeVisible();
    await expect(change.locator('time')).toHaveAttribute('title', /\d{4}/);
    await expectAccessible(page);
    await events.scrollIntoViewIfNeeded();
    await captureScreens(page, 'container-events');
  });

  const cpu = page.getByRole('region', { name: 'CPU' });
  const summary = (region: typeof cpu) => region.getByText(/^Latest [\d.,]+ \S+, peak [\d.,]+ \S+$/);

  await test.step('the metrics tab draws the running container’s samples of the last hour', async () => {
    await page.getByRole('tab', { name: 'Metrics' }).click();
    await expect(page).toHaveURL(`${base}/metrics`);
    await expect(page).toHaveTitle(/^Metrics · web · measured/);
    await expect(summary(cpu)).toBeVisible({ timeout: 60_000 });
    await expect(summary(page.getByRole('region', { name: 'Memory' }))).toBeVisible();
    await expect(summary(page.getByRole('region', { name: 'Requests' }))).toBeVisible();
    // Drawn: a line through the minutes sampled, or a dot for a first minute alone.
    await expect(cpu.locator('[data-line="average"]').first()).toBeVisible();
    await expect(cpu.getByRole('img', { name: 'CPU over the last hour' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'container-metrics-hour');
  });

  await test.step('24 hours and 7 days show the same samples, the range kept in the address', async () => {
    const range = page.getByRole('group', { name: 'Time range' });
    await range.getByRole('button', { name: '24 h' }).click();
    await expect(page).toHaveURL(`${base}/metrics?range=day`);
    await expect(cpu.getByRole('img', { name: 'CPU over the last 24 hours' })).toBeVisible();
    await expect(summary(cpu)).toBeVisible();

    // By keyboard: the 7 d button is next.
    await range.getByRole('button', { name: '24 h' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${base}/metrics?range=week`);
    await expect(cpu.getByRole('img', { name: 'CPU over the last 7 days' })).toBeVisible();
    await expect(summary(cpu)).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'container-metrics-week');

    // Reloaded, the week is still the range shown.
    await page.reload();
    await expect(range.getByRole('button', { name: '7 d' })).toHaveAttribute('aria-pressed', 'true');
  });
});
