import { expect, test } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { fact } from './support/databases.ts';
import { platformRequest, waitUntilSettled } from './support/platform.ts';
import {
  closeMessage,
  createNamespace,
  expectAccessible,
  namespacesPath,
  openSignedIn,
  recordMutations,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// When a deploy goes wrong (issue 28): a customer rolls a container back to revision 1 from its Revisions
// tab, and stops a job run that would go on for ten minutes.

test('a customer rolls a container back to its first revision, and stops a running job run', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('revisions', 'Rollo Back');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'deploys');
  const base = `${namespacesPath}/deploys`;
  const heading = page.getByRole('heading', { level: 1 });

  await test.step('two deploys, then back to the first from the Revisions tab', async () => {
    await platformRequest(
      page,
      `mutation { containerCreate(containerInput: {
        name: "web", namespace: "deploys", image: "nginx:1.27", ports: ["80"],
        scaling: { manual: { replicas: 1 } }
      }) { name } }`,
    );
    await waitUntilSettled(page, 'deploys');
    await platformRequest(
      page,
      `mutation { containerModify(containerInput: { name: "web", namespace: "deploys", image: "nginx:1.28" }) { name } }`,
    );
    await waitUntilSettled(page, 'deploys');

    await page.goto(`${base}/container/web/overview`);
    await page.getByRole('tab', { name: 'Revisions' }).click();
    await expect(page).toHaveURL(`${base}/container/web/revisions`);
    await expect(page).toHaveTitle('Revisions · web · deploys | Berth');
    const revisions = page.getByRole('table', { name: 'Revisions' });
    const rows = revisions.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('2current');
    await expect(rows.nth(1)).toContainText('nginx:1.28');
    await expect(rows.nth(2)).toContainText('Created');
    await expect(rows.nth(2)).toContainText(`by ${customer.email}`);
    await expectAccessible(page);
    await captureScreens(page, 'container-revisions');

    const rollbacks = recordMutations(page, 'ContainerRollback');
    await revisions.getByRole('button', { name: 'Roll back to revision 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll back to revision 1?' });
    await expect(dialog).toContainText('nginx:1.27');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect(dialog).toHaveCount(0);
    expect(rollbacks).toEqual([{ namespace: 'deploys', name: 'web', revision: 1 }]);
    await closeMessage(page, 'Rolling back web to revision 1');

    // The page follows the deploy until it runs; revision 3 is revision 1 again.
    await expect(heading.getByText('running', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(rows.nth(1)).toContainText('3current');
    await expect(rows.nth(1)).toContainText('Rolled back to revision 1');
    await expect(rows.nth(1)).toContainText('nginx:1.27');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(fact(page.getByRole('region', { name: 'Details' }), 'Image')).toHaveText('nginx:1.27');
  });

  await test.step('a run that would take ten minutes is stopped from its page', async () => {
    await platformRequest(
      page,
      `mutation { containerJobCreate(scheduledJob: {
        name: "export", namespace: "deploys", image: "busybox:1.36", resources: CPU_250_RAM_500,
        schedule: "0 4 * * *", enabled: false, entrypoint: ["sh", "-c"], command: ["sleep 600"]
      }) { name } }`,
    );
    await waitUntilSettled(page, 'deploys');
    await page.goto(`${base}/container-job/export/overview`);
    await page.getByRole('button', { name: 'Run now' }).click();
    const link = page.getByRole('table', { name: 'Runs' }).getByRole('link', { name: /^export-manual-\w+$/ });
    const runName = (await link.textContent()) ?? '';
    await link.click();
    const runHeading = page.getByRole('heading', { level: 2, name: new RegExp(`^${runName}`) });
    await expect(runHeading.getByText('running', { exact: true })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Stop run' }).click();
    const dialog = page.getByRole('dialog', { name: `Stop run ${runName}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Stop run' }).click();
    await closeMessage(page, `Run ${runName} stopped`);
    await expect(runHeading.getByText('failed', { exact: true })).toBeVisible();
    const details = page.getByRole('region', { name: 'Details' });
    await expect(fact(details, 'Message')).toHaveText(`Stopped by ${customer.email}`);
    await expect(page.getByRole('button', { name: 'Stop run' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Log' }).getByText('Stopped: the command was killed'),
    ).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    await captureScreens(page, 'job-run-stopped');
  });
});
