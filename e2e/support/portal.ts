import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

export const namespacesPath = '/compute/serverless-containers';

/** Signs in on the identity provider's page the portal sent the browser to. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens `path` in the portal as the given customer, signing in on the way. */
export async function openSignedIn(
  page: Page,
  path: string,
  customer: { email: string; password: string },
): Promise<void> {
  await page.goto(path);
  await signIn(page, customer.email, customer.password);
  // Back from the identity provider and past the callback, with the portal on screen.
  await page.waitForURL((url) => !url.pathname.startsWith('/realms/') && !url.pathname.startsWith('/auth/'));
  await expect(page.getByRole('banner')).toBeVisible();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Colours are measured once elements have finished fading or growing in (spinners keep running), and a
  // dialog just opened has faded in whole: its transition may not have started yet when this is called.
  await page.waitForFunction(() => {
    const transitionsDone = document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running');
    const opaque = (element: Element | null): boolean =>
      !element || (getComputedStyle(element).opacity === '1' && opaque(element.parentElement));
    return transitionsDone && [...document.querySelectorAll('[role="dialog"]')].every(opaque);
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The page can be used at its width without scrolling sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Creates a namespace through its form; the namespace page opens and follows it until it is ready. */
export async function createNamespace(page: Page, name: string): Promise<void> {
  await page.goto(`${namespacesPath}/new`);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Create namespace' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}/${name}/containers$`));
  await expect(page.getByRole('heading', { level: 1 }).getByText('created', { exact: true })).toBeVisible();
}

/** The variables of every platform mutation named `operation` the page sends from now on. */
export function recordMutations(page: Page, operation: string): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/graphql/platform') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { query?: string; variables?: Record<string, unknown> } | null;
    if (body?.query?.match(new RegExp(`\\bmutation ${operation}\\b`))) sent.push(body.variables ?? {});
  });
  return sent;
}

/** Closes the snack bar's message, which a screenshot would otherwise catch over the page. */
export async function closeMessage(page: Page, text: string): Promise<void> {
  const message = page.getByRole('status').filter({ hasText: text });
  await message.getByRole('button', { name: 'Close message' }).click();
  await expect(message).toHaveCount(0);
}
