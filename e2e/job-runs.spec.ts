import { expect, test, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { fact } from './support/databases.ts';
import { platformRequest } from './support/platform.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// Why did the run fail? A job's run has a page of its own (issue 15): opened from the runs table, it tells the
// run's status, what started it, its timing and message, and shows its log with the command's error.

/** A job with the schedule off whose command is `command` (run by the simulated runtime). */
async function createJob(page: Page, name: string, command: string[]) {
  await platformRequest(
    page,
    `mutation Job($command: [String!]) { containerJobCreate(scheduledJob: {
      name: "${name}", namespace: "runs", image: "busybox:1.36", resources: CPU_250_RAM_500,
      schedule: "0 4 * * *", enabled: false, command: $command
    }) { name } }`,
    { command },
  );
}

/** Runs the job from its page and opens the new run from the runs table, with the keyboard. */
async function runAndOpen(page: Page, base: string, job: string) {
  await page.goto(`${base}/container-job/${job}/overview`);
  await expect(page.getByRole('heading', { level: 1 }).getByText('created', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Run now' }).click();
  const row = page
    .getByRole('table', { name: 'Runs' })
    .getByRole('row', { name: new RegExp(`${job}-manual-`) });
  await expect(row.getByRole('cell', { name: new RegExp(`^${job}-manual-\\w+ Manual$`) })).toBeVisible();
  const link = row.getByRole('link', { name: new RegExp(`^${job}-manual-\\w+$`) });
  const runName = (await link.textContent()) ?? '';
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${base}/container-job/${job}/runs/${runName}`);
  return runName;
}

test('a customer runs a failing job, opens the run and reads why it failed; a succeeding run too', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('job-runs', 'Rhea Runs');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'runs');
  const base = `${namespacesPath}/runs`;
  const heading = page.getByRole('heading', { level: 1 });
  const details = page.getByRole('region', { name: 'Details' });
  const log = page.getByRole('region', { name: 'Log' });
  await createJob(page, 'fails', ['sh', '-c', 'exit 3']);
  await createJob(page, 'works', ['sh', '-c', 'echo done']);

  await test.step('a failed run: its status, trigger, timing, message and the error in its log', async () => {
    const runName = await runAndOpen(page, base, 'fails');
    await expect(page).toHaveTitle(`${runName} · fails · runs | Berth`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('link', { name: 'fails', exact: true })).toHaveAttribute(
      'href',
      `${base}/container-job/fails/overview`,
    );
    // Below the job's heading, Run now and tabs; the page follows the run until it ends.
    await expect(heading).toContainText('fails');
    const runHeading = page.getByRole('heading', { level: 2, name: new RegExp(`^${runName}`) });
    await expect(runHeading.getByText('failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(fact(details, 'Trigger')).toHaveText('Manual');
    await expect(fact(details, 'Duration')).toHaveText(/^\d+ s$/);
    await expect(fact(details, 'Ended')).not.toHaveText('Not yet');
    await expect(fact(details, 'Message')).toHaveText('Exited with code 3');
    await expect(log.getByText('exited with code 3', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(log.getByText('Error: sh -c exit 3 failed')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'job-run-failed');
  });

  await test.step('a succeeded run', async () => {
    const runName = await runAndOpen(page, base, 'works');
    const runHeading = page.getByRole('heading', { level: 2, name: new RegExp(`^${runName}`) });
    await expect(runHeading.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(fact(details, 'Message')).toHaveText('Completed');
    await expect(log.getByText('Completed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(log.getByText('exited with code')).toHaveCount(0);
  });

  await test.step('a run the job does not have', async () => {
    await page.goto(`${base}/container-job/fails/runs/fails-manual-nope0`);
    await expect(page.getByRole('heading', { level: 2, name: 'Run not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Show its runs' }).click();
    await expect(page).toHaveURL(`${base}/container-job/fails/overview`);
    // Back on the job: its runs, each name a link to the run's page.
    await expect(
      page.getByRole('table', { name: 'Runs' }).getByRole('link', { name: /^fails-manual-\w+$/ }),
    ).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'job-runs-table');
  });
});
