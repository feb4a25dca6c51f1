import { expect, type Page } from '@playwright/test';
import { admin, createCustomer } from './admin.ts';
import { useTheme } from './screens.ts';

// The looks the daily path is photographed in (look-and-feel, focus-ring and long-names specs, issue 12), and
// how a focused control shows focus. Screenshots go to test-results/screens/.

export const looks = [
  { viewport: 'desktop', size: { width: 1280, height: 800 }, theme: 'light' },
  { viewport: 'desktop', size: { width: 1280, height: 800 }, theme: 'dark' },
  { viewport: 'phone', size: { width: 390, height: 844 }, theme: 'light' },
  { viewport: 'phone', size: { width: 390, height: 844 }, theme: 'dark' },
] as const;

export type Look = (typeof looks)[number];

// The page background of each theme (tokens.ts), which must follow the switch even after a reload in the other.
const pageBackground = { light: 'rgb(245, 246, 248)', dark: 'rgb(16, 20, 23)' };

/** Sets the look's viewport and theme, and waits until the page shows the theme's background. */
export async function takeLook(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.size);
  await useTheme(page, look.theme);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe(pageBackground[look.theme]);
}

/** A screenshot of the viewport into test-results/screens/{name}-{viewport}-{theme}.png. */
export const screenshot = (page: Page, name: string, look: Look) =>
  page.screenshot({
    path: `test-results/screens/${name}-${look.viewport}-${look.theme}.png`,
    animations: 'disabled',
  });

/** A new customer with the serverless containers subscription. */
export async function subscribedCustomer(label: string) {
  const customer = await createCustomer(label, 'Lou Looks');
  await admin('subscription', 'grant', '--email', customer.email, '--product', 'serverless-container');
  return customer;
}

export interface FocusRing {
  control: string;
  width: number;
  color: string;
  /** The colour the ring is drawn on. */
  against: string;
}

/** Runs in the page: how the focused control shows focus (its outline, or a text field's border), or null. */
export function describeFocusRing(): FocusRing | null {
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
export function contrast(first: string, second: string): number {
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
