import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './portal.ts';

const viewports = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/** Nothing scrolls sideways, once the layout has settled. */
export const expectNoSidewaysScroll = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);

/** Switches the portal to the theme with the app bar's switch, unless it is in it already. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const switchTo = page.getByRole('button', { name: `Switch to ${theme} theme` });
  if (await switchTo.isVisible()) await switchTo.click();
  await expect(
    page.getByRole('button', { name: `Switch to ${theme === 'light' ? 'dark' : 'light'} theme` }),
  ).toBeVisible();
}

/**
 * Full-page screenshots of the screen as it is now, at 1280x800 and 390x844, in the light and the dark theme,
 * into test-results/screens/{name}-{desktop|phone}-{light|dark}.png; on the phone nothing may scroll sideways.
 * Leaves the page light, at the size it had.
 */
export async function captureScreens(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // The shell has switched layouts (drawer below 960 px) and finished moving.
      await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible({
        visible: viewport.label === 'phone',
      });
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      );
      if (viewport.label === 'phone') await expectNoSidewaysScroll(page);
      // From the top: the app bar is fixed, and would otherwise sit wherever the page was scrolled to.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: `test-results/screens/${name}-${viewport.label}-${theme}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
  await useTheme(page, 'light');
  if (original) await page.setViewportSize(original);
}

/** Once nothing is moving: a dialog faded in, a page laid out at its new size. */
const animationsDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));

/**
 * Screenshots of the dialog `open` shows, at 1280 and 390 px in the light and the dark theme, into
 * test-results/screens/{name}-{desktop|phone}-{light|dark}.png, checked with axe in each theme; on the phone
 * nothing may scroll sideways. The theme is switched with the dialog closed (the app bar is behind it);
 * `open` opens it again each time. Leaves the page light, at the size it had.
 */
export async function captureDialog(page: Page, name: string, open: () => Promise<Locator>): Promise<void> {
  const original = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: viewports[0].width, height: viewports[0].height });
    await useTheme(page, theme);
    const dialog = await open();
    // Checked once it has faded in: half-way, its text has half its contrast.
    await animationsDone(page);
    await expectAccessible(page);
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await animationsDone(page);
      if (viewport.label === 'phone') await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/screens/${name}-${viewport.label}-${theme}.png`,
        animations: 'disabled',
      });
    }
    await dialog.getByRole('button', { name: /^(Close|Cancel)$/ }).click();
    // Gone, not just closing: until then the app bar with the theme switch is hidden from the page.
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await useTheme(page, 'light');
  if (original) await page.setViewportSize(original);
}

/**
 * An identity provider's page (sign-in, reset, email links) as it is now, in both themes and at both widths,
 * checked with axe in each theme. The theme is switched as the server renders it from the portal's cookie
 * (`data-theme`), without reloading: some of these pages answer a form.
 */
export async function captureIdentityPage(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    await expectAccessible(page);
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      if (viewport.label === 'phone') await expectNoSidewaysScroll(page);
      await page.screenshot({
        path: `test-results/screens/${name}-${viewport.label}-${theme}.png`,
        fullPage: true,
      });
    }
  }
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await page.setViewportSize({ width: 1280, height: 800 });
}
