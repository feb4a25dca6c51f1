import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

// What an authenticator app does for the browser tests, and signing out through the account menu.

const periodMs = 30_000;

/** The code an authenticator app shows for `secret` in the time step `step` (of 30 s since the epoch). */
export const codeFor = (secret: string, step: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: periodMs / 1000 }).generate({
    timestamp: step * periodMs,
  });

export const currentStep = () => Math.floor(Date.now() / periodMs);

/** Signs out through the account menu of `name`; the sign-in page shows. */
export async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Account of ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}
