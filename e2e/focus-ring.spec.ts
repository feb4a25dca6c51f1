import { expect, test } from '@playwright/test';
import {
  contrast,
  describeFocusRing,
  looks,
  screenshot,
  subscribedCustomer,
  takeLook,
} from './support/looks.ts';
import { createNamespace, namespacesPath, openSignedIn } from './support/portal.ts';
import { useTheme } from './support/screens.ts';

// The focus ring (issue 12): wide enough and in contrast with what it is drawn on, on every control the
// keyboard reaches, in both themes. Screenshots go to test-results/screens/.

test('the focus ring is clearly visible on every control, in both themes', async ({ page }) => {
  test.setTimeout(120_000);
  await openSignedIn(page, namespacesPath, await subscribedCustomer('looks-focus'));
  await createNamespace(page, 'focus-looks');
  await page.goto(namespacesPath);
  await expect(page.getByRole('link', { name: 'focus-looks' })).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    await page.goto(namespacesPath);
    await expect(page.getByRole('link', { name: 'focus-looks' })).toBeVisible();
    const seen: string[] = [];
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(describeFocusRing);
      if (ring === null || seen.includes(ring.control)) break;
      seen.push(ring.control);
      expect(ring.width, `${theme}: ${ring.control}`).toBeGreaterThanOrEqual(2);
      expect(
        contrast(ring.color, ring.against),
        `${theme}: ${ring.control} (${ring.color} on ${ring.against})`,
      ).toBeGreaterThanOrEqual(3);
    }
    // App bar, navigation, search, create, the table's sort buttons and the row's link at least.
    expect(seen.length, seen.join(', ')).toBeGreaterThanOrEqual(8);
  }

  const create = page.getByRole('link', { name: 'Create namespace' });
  for (const look of looks) {
    await takeLook(page, look);
    await page.keyboard.press('Tab');
    await create.focus();
    await expect(create).toHaveClass(/Mui-focusVisible/);
    await screenshot(page, 'focus-ring', look);
  }
});
