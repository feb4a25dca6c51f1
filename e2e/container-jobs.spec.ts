import { expect, test } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { pickOptions } from './support/forms.ts';
import {
  createNamespace,
  expectAccessible,
  namespacesPath,
  openSignedIn,
  recordMutations,
} from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

test('a customer schedules a job every Monday at 04:00, runs it now, turns the schedule off, changes it and deletes the job', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer('container-jobs', 'Jo Jobs');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'batch');
  const base = `${namespacesPath}/batch`;
  const heading = page.getByRole('heading', { level: 1 });
  const overviewSchedule = page.getByRole('region', { name: 'Schedule' });
  const row = page.getByRole('row', { name: /weekly-report/ });

  await test.step('an empty tab offers to create', async () => {
    // The tab sits between containers and registries; empty, with its call to action.
    const tabs = page.getByRole('tablist', { name: 'Namespace sections' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Containers',
      'Container jobs',
      'Registries',
      'Volumes',
      'Databases',
      'Message queues',
    ]);
    await page.getByRole('tab', { name: 'Container jobs' }).click();
    await expect(page).toHaveURL(`${base}/container-jobs`);
    await expect(page).toHaveTitle('Container jobs · batch | Berth');
    await expect(page.getByRole('heading', { name: 'No container jobs yet' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'container-jobs-empty');
  });

  await test.step('create a job every Monday at 04:00', async () => {
    // The form: image, then the schedule built by clicks, every Monday at 04:00.
    await page.getByRole('link', { name: 'Create container job' }).click();
    await expect(page).toHaveURL(`${base}/container-job/new`);
    await expect(page).toHaveTitle('Create container job · batch | Berth');
    const form = page.getByRole('form', { name: 'New container job' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('weekly-report');
    await form.getByRole('textbox', { name: 'Image' }).fill('Busybox');
    await expect(form.getByText('Image names are lowercase')).toBeVisible();
    await form.getByRole('textbox', { name: 'Image' }).fill('busybox:1.36');
    await form.getByRole('textbox', { name: 'Command' }).fill('sh -c "echo report && sleep 1"');

    const schedule = form.getByRole('region', { name: 'Schedule' });
    const expression = schedule.getByRole('textbox', { name: 'Cron expression' });
    await expect(expression).toHaveValue('0 0 * * *');
    await schedule.getByRole('combobox', { name: 'Schedule' }).click();
    await page.getByRole('option', { name: 'Every week' }).click();
    await pickOptions(page, 'Days of week', ['Monday'], schedule);
    await pickOptions(page, 'Hours', ['00', '04'], schedule);
    await expect(expression).toHaveValue('0 4 * * 1');
    await expect(schedule.getByText('At 04:00 AM, only on Monday')).toBeVisible();
    const formRuns = schedule.getByRole('region', { name: 'Next runs (UTC)' }).getByRole('listitem');
    await expect(formRuns).toHaveCount(5);
    await expect(formRuns.first()).toHaveText(/^Mon, .* 04:00 AM$/);

    const variables = form.getByRole('region', { name: 'Environment variables' });
    await variables.getByRole('button', { name: 'Add variable' }).click();
    await variables.getByRole('textbox', { name: 'Variable name' }).fill('REPORT_TOKEN');
    await variables.getByRole('switch', { name: 'Secret' }).check();
    await variables.getByLabel('Value').fill('t0ken-value');
    // The server's price list: the smallest size is 170 cents a month, 170 / 730 hours = 0.2329 cents an hour.
    await expect(form.getByText('€0.0023 per run-hour')).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, 'container-job-new');

    const created = recordMutations(page, 'ContainerJobCreate');
    await form.getByRole('button', { name: 'Create job' }).click();
    await expect(page).toHaveURL(`${base}/container-job/weekly-report/overview`);
    expect(created).toEqual([
      {
        input: {
          name: 'weekly-report',
          namespace: 'batch',
          image: 'busybox:1.36',
          registry: null,
          resources: 'CPU_250_RAM_500',
          entrypoint: null,
          command: ['sh', '-c', 'echo report && sleep 1'],
          environmentVariables: [{ name: 'REPORT_TOKEN', value: 't0ken-value', secret: true }],
          mounts: [],
          schedule: '0 4 * * 1',
          enabled: true,
          // The Runs section left as it opens: no time limit, no retries.
          timeoutSeconds: null,
          retries: 0,
        },
      },
    ]);
  });

  await test.step('the overview shows the schedule and no runs', async () => {
    // The overview: the schedule in words, the next five runs, and no runs yet.
    await expect(page).toHaveTitle('weekly-report · batch | Berth');
    await expect(heading).toContainText('weekly-report');
    await expect(heading.getByText('created', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(overviewSchedule.getByText('At 04:00 AM, only on Monday (UTC)')).toBeVisible();
    await expect(overviewSchedule.getByText('0 4 * * 1')).toBeVisible();
    await expect(
      overviewSchedule.getByRole('region', { name: /^Next runs / }).getByRole('listitem'),
    ).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Environment variables' })).toContainText('secret, hidden');
    await expect(page.getByText('t0ken-value')).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('run it now', async () => {
    // Run now: the run appears, runs for a few seconds, and succeeds.
    const runs = page.getByRole('table', { name: 'Runs' });
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Run weekly-report-manual-\w+ is starting$/ }),
    ).toBeVisible();
    await expect(runs.getByRole('row')).toHaveCount(2);
    await expect(runs.getByText('running', { exact: true })).toBeVisible({ timeout: 15_000 });
    await captureScreens(page, 'container-job-running');
    await expect(runs.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(runs.getByRole('row').nth(1)).toContainText(/\d+ s/);
    await expectAccessible(page);
    await captureScreens(page, 'container-job-overview');
  });

  await test.step('the list: turn the schedule off', async () => {
    // The list: schedule in words, last run, next run; turning the schedule off sends only that.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Container jobs' })
      .click();
    await expect(page).toHaveURL(`${base}/container-jobs`);
    await expect(row.getByText('At 04:00 AM, only on Monday (UTC)')).toBeVisible();
    await expect(row.getByText('succeeded', { exact: true })).toBeVisible();
    // Name, schedule, enabled, last run, next run, price per run-hour.
    await expect(row.getByRole('cell').nth(4)).toHaveText(/\d/);
    await expect(row.getByRole('cell').last()).toHaveText('€0.0023');
    // At 1280 px the name has the room to show whole beside five columns (it was cut to 'weekly-re…').
    const name = row.getByRole('link', { name: 'weekly-report' }).getByText('weekly-report');
    await expect
      .poll(() => name.evaluate((element) => element.scrollWidth <= element.clientWidth))
      .toBe(true);
    await expectAccessible(page);
    await captureScreens(page, 'container-jobs');

    const toggled = recordMutations(page, 'ContainerJobModify');
    const scheduleSwitch = row.getByRole('switch', { name: 'Run weekly-report on its schedule' });
    await scheduleSwitch.uncheck();
    await expect(
      page.getByRole('status').filter({ hasText: 'weekly-report no longer runs on its schedule' }),
    ).toBeVisible();
    expect(toggled).toEqual([{ input: { namespace: 'batch', name: 'weekly-report', enabled: false } }]);
    await expect(scheduleSwitch).not.toBeChecked();
    await expect(row.getByText('Not scheduled')).toBeVisible();
    await expect(scheduleSwitch).toBeEnabled({ timeout: 30_000 });
  });

  await test.step('configure: only the schedule is sent', async () => {
    // Configure: type another expression; only the schedule is sent.
    await row.getByRole('link', { name: 'weekly-report' }).click();
    await page.getByRole('tab', { name: 'Configure' }).click();
    await expect(page).toHaveURL(`${base}/container-job/weekly-report/configure`);
    await expect(page).toHaveTitle('Configure · weekly-report · batch | Berth');
    const configure = page.getByRole('form', { name: 'Configure container job' });
    await expect(configure.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
    await expect(configure.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    const configureSchedule = configure.getByRole('region', { name: 'Schedule' });
    await expect(configureSchedule.getByRole('switch', { name: 'Run on this schedule' })).not.toBeChecked();
    const configureExpression = configureSchedule.getByRole('textbox', { name: 'Cron expression' });
    await expect(configureExpression).toHaveValue('0 4 * * 1');
    await configureExpression.fill('30 2 * * 1-5');
    await expect(configureSchedule.getByText('At 02:30 AM, Monday through Friday')).toBeVisible();
    await configureExpression.fill('30 2 * * 8');
    await expect(configureSchedule.getByText('8 is not a valid cron segment (dayOfWeek)')).toBeVisible();
    await configureExpression.fill('30 2 * * 1-5');
    await expectAccessible(page);
    await captureScreens(page, 'container-job-configure');

    const modified = recordMutations(page, 'ContainerJobModify');
    await configure.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your changes are saved and being applied' }),
    ).toBeVisible();
    await expect(page).toHaveURL(`${base}/container-job/weekly-report/overview`);
    expect(modified).toEqual([
      { input: { name: 'weekly-report', namespace: 'batch', schedule: '30 2 * * 1-5' } },
    ]);
    await expect(overviewSchedule.getByText('At 02:30 AM, Monday through Friday (UTC)')).toBeVisible();
    await expect(overviewSchedule.getByText(/The schedule is off/)).toBeVisible();
    await expect(heading.getByText('created', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('delete it', async () => {
    // The job's own address opens its overview; delete it there, confirmed by typing the name.
    await page.goto(`${base}/container-job/weekly-report`);
    await expect(page).toHaveURL(`${base}/container-job/weekly-report/overview`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete container job weekly-report?' });
    await expect(dialog.getByRole('button', { name: 'Delete container job' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type weekly-report to confirm' }).fill('weekly-report');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete container job' }).click();
    await expect(page).toHaveURL(`${base}/container-jobs`);
    await expect(page.getByRole('heading', { name: 'No container jobs yet' })).toBeVisible({
      timeout: 30_000,
    });
  });
});

test('a restricted customer cannot open container-job/new once the namespace has a job', async ({ page }) => {
  const customer = await createCustomer('restricted-jobs', 'Rita Restricted');
  await openSignedIn(page, namespacesPath, customer);
  await createNamespace(page, 'lone');
  const base = `${namespacesPath}/lone`;

  // The first job is allowed.
  await page.getByRole('tab', { name: 'Container jobs' }).click();
  await page.getByRole('link', { name: 'Create container job' }).click();
  await expect(page).toHaveURL(`${base}/container-job/new`);
  const form = page.getByRole('form', { name: 'New container job' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('first');
  await form.getByRole('textbox', { name: 'Image' }).fill('busybox');
  await form.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(`${base}/container-job/first/overview`);

  // A second is not: the address leads back to the namespace's jobs, which offer no create action.
  await page.goto(`${base}/container-job/new`);
  await expect(page).toHaveURL(`${base}/container-jobs`);
  await expect(page.getByRole('row', { name: /first/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create container job' })).toHaveCount(0);
});
