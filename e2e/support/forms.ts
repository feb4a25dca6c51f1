import { expect, type Locator, type Page } from '@playwright/test';

/** Picks `option` in the select `field` (within `scope`). */
export async function choose(
  page: Page,
  field: string | RegExp,
  option: string | RegExp,
  scope: Page | Locator = page,
): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Clicks beside an open menu and waits until it has faded out. */
export async function closeMenu(page: Page): Promise<void> {
  await page.mouse.click(2, 2);
  await expect(page.locator('.MuiPopover-root')).toHaveCount(0);
}

/** Opens a cron field's option grid (within `scope`), clicks the options and closes the menu. */
export async function pickOptions(
  page: Page,
  field: string,
  options: string[],
  scope: Page | Locator = page,
): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  const listbox = page.getByRole('listbox');
  for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
  await closeMenu(page);
}
