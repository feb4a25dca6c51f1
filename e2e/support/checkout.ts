import { expect, type Page } from '@playwright/test';
import { openSignedIn } from './portal.ts';

// The local provider's hosted checkout (Berth's own test-mode payment page, docs/billing.md).

/** The card the local provider charges in test mode; `4000 0000 0000 0002` is declined. */
export const goodCard = '4242 4242 4242 4242';

/** Fills the checkout's card form with `number`, a valid expiry and code, and the name on the card. */
export async function fillCard(page: Page, number: string, nameOnCard: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${(new Date().getUTCFullYear() + 3) % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill(nameOnCard);
}

/** Pays the checkout's plan of `monthlyPrice` (`€15.00`) with the good card. */
export async function payWithCard(page: Page, monthlyPrice: string, nameOnCard: string): Promise<void> {
  await fillCard(page, goodCard, nameOnCard);
  await page.getByRole('button', { name: `Subscribe for ${monthlyPrice} a month` }).click();
}

/** The address of a hosted checkout page. */
export const checkoutPath = /\/billing\/hosted\/checkout\/cs_[\w-]+$/;

/** Signs the customer in on the databases' page and subscribes to cloud databases through its checkout. */
export async function subscribeToCloudDatabases(
  page: Page,
  customer: { email: string; password: string; name: string },
): Promise<void> {
  await openSignedIn(page, '/storage', customer);
  await page.getByRole('button', { name: 'Subscribe to cloud databases' }).click();
  await expect(page).toHaveURL(checkoutPath);
  await payWithCard(page, '€15.00', customer.name);
  await expect(page.getByRole('heading', { name: 'No database clusters yet' })).toBeVisible();
}
