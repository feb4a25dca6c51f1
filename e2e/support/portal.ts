import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const namespacesPath = '/compute/serverless-containers';

/** Signs in on the identity provider's page the portal sent the browser to. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path` in the portal as the given customer, signing in on the way. */
export async function openSignedIn(page: Page, path: string, customer: { email: string; password: string }): Promise<void> {
  await page.goto(path);
  await signIn(page, customer.email, customer.password);
  // Back from the identity provider and past the callback, with the portal on screen.
  await page.waitForURL((url) => !url.pathname.startsWith('/realms/') && !url.pathname.startsWith('/auth/'));
  await expect(page.getByRole('banner')).toBeVisible();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are measured once elements have finished fading or growing in (spinners keep running).
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page can be used at its width without scrolling sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
