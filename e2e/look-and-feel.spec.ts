import { expect, test } from '@playwright/test';
import { closeMenu, pickOptions } from './support/forms.ts';
import { looks, screenshot, subscribedCustomer, takeLook } from './support/looks.ts';
import { createNamespace, expectAccessible, namespacesPath, openSignedIn } from './support/portal.ts';

// The small things of the daily path (issue 12): the cron editor's marks and favicon.ico; the focus ring in
// focus-ring.spec.ts, the snack bar's close button, long names and the open tab on a phone in long-names.spec.ts.
// Screenshots go to test-results/screens/.

test('favicon.ico is served and the page links it', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const body = await icon.body();
  // An ICO file: two reserved bytes, type 1 (icon), then how many images it holds.
  expect(body.readUInt16LE(0)).toBe(0);
  expect(body.readUInt16LE(2)).toBe(1);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
});

test('the cron editor marks chosen hours, says what a new period set back, and sums up several times', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, namespacesPath, await subscribedCustomer('looks-cron'));
  await createNamespace(page, 'cron-looks');
  await page.goto(`${namespacesPath}/cron-looks/container-job/new`);
  const schedule = page.getByRole('region', { name: 'Schedule' });
  const expression = schedule.getByRole('textbox', { name: 'Cron expression' });
  await expect(expression).toHaveValue('0 0 * * *');

  await pickOptions(page, 'Hours', ['02'], schedule);
  await expect(expression).toHaveValue('0 0,2 * * *');
  await expect(schedule.getByText('Twice a day, at 00:00 and 02:00')).toBeVisible();

  for (const look of looks) {
    await takeLook(page, look);
    await schedule.getByRole('combobox', { name: 'Hours' }).click();
    const hours = page.getByRole('listbox', { name: 'Hours' });
    const marked = (hour: string) =>
      hours.getByRole('option', { name: hour, exact: true }).getByTestId('selected-mark');
    await expect(marked('00')).toBeVisible();
    await expect(marked('02')).toBeVisible();
    await expect(marked('01')).toHaveCount(0);
    await screenshot(page, 'cron-editor-hours', look);
    await closeMenu(page);
    await schedule.getByText('Twice a day, at 00:00 and 02:00').scrollIntoViewIfNeeded();
    await screenshot(page, 'cron-editor-summary', look);
  }

  await schedule.getByRole('combobox', { name: 'Schedule' }).click();
  await page.getByRole('option', { name: 'Every hour' }).click();
  await expect(expression).toHaveValue('0 * * * *');
  await expect(schedule.getByRole('status')).toHaveText(
    'Reset to All, as “Every hour” does not use them: Hours.',
  );
  await expectAccessible(page);
  for (const look of looks) {
    await takeLook(page, look);
    await schedule.scrollIntoViewIfNeeded();
    await screenshot(page, 'cron-editor-reset', look);
  }
});
