import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  contrast,
  describeFocusRing,
  looks,
  screenshot,
  subscribedCustomer,
  takeLook,
  type Look,
} from './support/looks.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  namespacesPath,
  openSignedIn,
} from './support/portal.ts';
import { useTheme } from './support/screens.ts';

// Long names, the snack bar's close button and the open tab on a phone (issue 12). Screenshots go to
// test-results/screens/.

/** Creates a namespace through its form and gives the snack bar saying so, while it is still open. */
async function createNamespaceWithMessage(page: Page, name: string): Promise<Locator> {
  await page.goto(`${namespacesPath}/new`);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create namespace' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/${name}/containers$`));
  // The simulated runtime sets a namespace up in a moment, so the message says it is being created.
  const toast = page.getByRole('status').filter({ hasText: `Your namespace '${name}' is being created` });
  await expect(toast).toBeVisible();
  return toast;
}

/** Whether the element's text runs past its box (and is shown with an ellipsis). */
const isCut = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth && getComputedStyle(element).textOverflow === 'ellipsis',
  );

test('long names end in an ellipsis and show whole on hover and focus; the snack bar keeps its close button on its line; on a phone the open tab is in view', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, namespacesPath, await subscribedCustomer('looks-names'));

  for (const [index, viewport] of (['phone', 'desktop'] as const).entries()) {
    const look = looks.find((candidate) => candidate.viewport === viewport) as Look;
    await page.setViewportSize(look.size);
    const toast = await createNamespaceWithMessage(
      page,
      `nightly-exports-analytics-pipeline-eu-west-${index}`,
    );
    // Hovering the message stops its timer while it is measured and photographed in both themes.
    await toast.hover();
    const message = toast.locator('.MuiSnackbarContent-message');
    const close = toast.getByRole('button', { name: 'Close message' });
    const [messageBox, closeBox] = [await message.boundingBox(), await close.boundingBox()];
    if (!messageBox || !closeBox) throw new Error('the snack bar is not laid out');
    // On the message's line: beside it, not wrapped underneath.
    expect(closeBox.x).toBeGreaterThanOrEqual(messageBox.x + messageBox.width);
    expect(closeBox.y).toBeLessThan(messageBox.y + messageBox.height);
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      await toast.hover();
      await screenshot(page, 'snackbar', { ...look, theme });
    }
    await close.click();
    await expect(toast).toHaveCount(0);
    await useTheme(page, 'light');
  }

  const longName = 'nightly-exports-analytics-pipeline-eu-west-0';
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${namespacesPath}/${longName}/volumes`);
  const heading = page.getByRole('heading', { level: 1 });
  const headingName = heading.getByText(longName, { exact: true });
  await expect(headingName).toBeVisible();
  expect(await isCut(headingName)).toBe(true);
  await expectNoHorizontalScroll(page);

  await test.step('on a phone the open tab is in view', async () => {
    const tab = page.getByRole('tab', { name: 'Volumes' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeInViewport({ ratio: 1 });
  });

  await test.step('a cut heading shows the whole name on hover and on keyboard focus', async () => {
    await headingName.hover();
    await expect(page.getByRole('tooltip')).toHaveText(longName);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    for (const look of looks.filter((candidate) => candidate.viewport === 'phone')) {
      await useTheme(page, look.theme);
      await page.keyboard.press('Tab');
      await headingName.focus();
      await expect(page.getByRole('tooltip')).toHaveText(longName);
      const ring = await page.evaluate(describeFocusRing);
      expect(ring?.width).toBeGreaterThanOrEqual(2);
      expect(ring && contrast(ring.color, ring.against)).toBeGreaterThanOrEqual(3);
      await expectAccessible(page);
      await screenshot(page, 'long-name-heading', look);
    }
    await useTheme(page, 'light');
  });

  await test.step('a cut name in the list links and shows the whole name on hover and on focus', async () => {
    await page.goto(namespacesPath);
    const link = page.getByRole('link', { name: longName });
    await expect(link).toBeVisible();
    expect(await isCut(link.getByText(longName))).toBe(true);
    await expectNoHorizontalScroll(page);
    await link.hover();
    await expect(page.getByRole('tooltip')).toHaveText(longName);
    await page.mouse.move(0, 0);
    await page.keyboard.press('Tab');
    await link.focus();
    await expect(page.getByRole('tooltip')).toHaveText(longName);
    await expectAccessible(page);
    for (const look of looks) {
      await takeLook(page, look);
      await link.hover();
      if (look.viewport === 'phone') {
        await expect(page.getByRole('tooltip')).toHaveText(longName);
      } else {
        // At 1280 px the namespace's contents share one column, and the name has its whole width.
        await expect.poll(() => isCut(link.getByText(longName))).toBe(false);
        await expect(page.getByRole('tooltip')).toHaveCount(0);
      }
      await screenshot(page, 'long-names-list', look);
    }
  });
});
