import { expect, test } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { platformRequest, waitUntilSettled } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// When something goes wrong (issue 28): after a rolling update, the replaced replica's "Received SIGTERM" is
// still found by filter in the last hour; a container whose command crashes says why above its tabs and
// leads to the failing replica's log.

test("a replaced replica's SIGTERM is found in the last hour; a crashing container's banner leads to its log", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('failures', 'Faye Failing');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'ops');
  const base = `${namespacesPath}/ops`;

  await test.step('after a rolling update, the old replica’s SIGTERM by filter in the last hour', async () => {
    await platformRequest(
      page,
      `mutation { containerCreate(containerInput: {
        name: "web", namespace: "ops", image: "nginx:1.27", ports: ["80"], scaling: { manual: { replicas: 1 } }
      }) { name } }`,
    );
    await waitUntilSettled(page, 'ops');
    await platformRequest(
      page,
      `mutation { containerModify(containerInput: { name: "web", namespace: "ops", image: "nginx:1.28" }) { name } }`,
    );
    await waitUntilSettled(page, 'ops');

    await page.goto(`${base}/container/web/logs`);
    await page.getByRole('combobox', { name: 'Time' }).click();
    await page.getByRole('option', { name: 'Last hour' }).click();
    await page.getByRole('checkbox', { name: 'Include stopped replicas' }).check();
    await page.getByRole('searchbox', { name: 'Filter' }).fill('sigterm');
    const lines = page.getByRole('region', { name: 'Log lines' });
    await expect(lines.getByText('Received SIGTERM, shutting down')).toBeVisible();
    await expect(page).toHaveURL(/range=1h/);
    await expectAccessible(page);
    await captureScreens(page, 'container-log-history');
  });

  await test.step('a crashing container says why and links to the failing replica’s log', async () => {
    await platformRequest(
      page,
      `mutation { containerCreate(containerInput: {
        name: "crash", namespace: "ops", image: "busybox:1.36", entrypoint: ["sh", "-c"], command: ["exit 3"],
        scaling: { manual: { replicas: 1 } }
      }) { name } }`,
    );
    await page.goto(`${base}/container/crash/overview`);
    const banner = page.getByRole('region', { name: 'Why it fails' });
    await expect(banner).toContainText('The command exited with code 3 right after starting', {
      timeout: 60_000,
    });
    await expectAccessible(page);
    await captureScreens(page, 'container-failing');
    await banner.getByRole('link', { name: 'Show its log' }).click();
    await expect(page).toHaveURL(/\/container\/crash\/logs\?replica=crash-/);
    await expect(
      page.getByRole('region', { name: 'Log lines' }).getByText('exited with code 3').first(),
    ).toBeVisible();

    // The list marks it, and charges nothing for it while no replica runs.
    await page.goto(`${base}/containers`);
    const row = page.getByRole('row', { name: /crash/ });
    await expect(row.getByRole('img', { name: /^Failing: The command exited with code 3/ })).toBeVisible();
    await expect(row).toContainText('Nothing: no replica runs');
  });
});
