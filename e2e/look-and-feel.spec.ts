import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, createCustomer } from './support/admin.ts';
import { closeMenu, pickOptions } from './support/forms.ts';
import {
  createNamespace,
  expectAccessible,
  expectNoHorizontalScroll,
  namespacesPath,
  openSignedIn,
} from './support/portal.ts';
import { useTheme } from './support/screens.ts';

// The small things of the daily path (issue 12): the cron editor's marks, the focus ring, the snack bar's close
// button, favicon.ico, long names and the open tab on a phone. Screenshots go to test-results/screens/.

const looks = [
  { viewport: 'desktop', size: { width: 1280, height: 800 }, theme: 'light' },
  { viewport: 'desktop', size: { width: 1280, height: 800 }, theme: 'dark' },
  { viewport: 'phone', size: { width: 390, height: 844 }, theme: 'light' },
  { viewport: 'phone', size: { width: 390, height: 844 }, theme: 'dark' },
] as const;

type Look = (typeof looks)[number];

// The page background of each theme (tokens.ts), which must follow the switch even after a reload in the other.
const pageBackground = { light: 'rgb(245, 246, 248)', dark: 'rgb(16, 20, 23)' };

async function takeLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.size);
  await useTheme(page, look.theme);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe(pageBackground[look.theme]);
}

const screenshot = (page: Page, name: string, look: Look) =>
  page.screenshot({
    path: `test-results/screens/${name}-${look.viewport}-${look.theme}.png`,
    animations: 'disabled',
  });

async function subscribedCustomer(label: string) {
  const customer = await createCustomer(label, 'Lou Looks');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  return customer;
}

/** Creates a namespace through its form and gives the snack bar saying so, while it is still open. */
async function createNamespaceWithMessage(page: Page, name: string): Promise<Locator> {
  await page.goto(`${namespacesPath}/new`);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create namespace' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/${name}/containers$`));
  const toast = page.getByRole('status').filter({ hasText: `Your namespace: '${name}' has been created` });
  await expect(toast).toBeVisible();
  return toast;
}

/** Whether the element's text runs past its box (and is shown with an ellipsis). */
const isCut = (locator: Locator) =>
  locator.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth && getComputedStyle(element).textOverflow === 'ellipsis',
  );

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

interface FocusRing {
  control: string;
  width: number;
  color: string;
  /** The colour the ring is drawn on. */
  against: string;
}

/** Runs in the page: how the focused control shows focus (its outline, or a text field's border), or null. */
function describeFocusRing(): FocusRing | null {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  // The colour an element shows: its background over its ancestors' (a selected item's tint over the page).
  const background = (element: Element | null): string => {
    const layers: number[][] = [];
    for (let current = element; current; current = current.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = (
        getComputedStyle(current).backgroundColor.match(/[\d.]+/g) ?? []
      ).map(Number);
      if (a > 0) layers.unshift([r, g, b, a]);
      if (a === 1) break;
    }
    const [base = [255, 255, 255], ...tints] = layers;
    const [r, g, b] = tints.reduce(
      (under, [tr = 0, tg = 0, tb = 0, ta = 1]) =>
        [tr, tg, tb].map((channel, index) => channel * ta + (under[index] ?? 0) * (1 - ta)),
      base.slice(0, 3),
    );
    return `rgb(${r}, ${g}, ${b})`;
  };
  const control = `${focused.tagName.toLowerCase()} "${focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? ''}"`;
  const field = focused.closest('.MuiOutlinedInput-root');
  if (field) {
    const border = getComputedStyle(field.querySelector('fieldset') as Element);
    return {
      control,
      width: parseFloat(border.borderTopWidth),
      color: border.borderTopColor,
      against: background(field),
    };
  }
  const shown = focused.closest('.Mui-focusVisible') ?? focused;
  const style = getComputedStyle(shown);
  const width = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
  const offset = parseFloat(style.outlineOffset);
  if (offset < 0) return { control, width, color: style.outlineColor, against: background(shown) };
  // Drawn outside the control: on whatever lies just beyond its left edge (the skip link lies over the app bar).
  const box = shown.getBoundingClientRect();
  const x = Math.max(0, box.left - offset - width - 1);
  const behind = document
    .elementsFromPoint(x, box.top + box.height / 2)
    .find((element) => !shown.contains(element));
  return { control, width, color: style.outlineColor, against: background(behind ?? null) };
}

/** WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
      const value = channel / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
