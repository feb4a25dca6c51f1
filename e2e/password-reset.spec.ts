import { expect, test } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { signIn } from './support/portal.ts';
import { captureIdentityPage } from './support/screens.ts';

// "Forgot password?" as a person goes through it (issue 26): from the sign-in page to the mail (the local
// outbox, as `npm start` keeps mail without SMTP_URL), the new password, and signing in with it.

test('a forgotten password is reset through the mailed link, once', async ({ page }) => {
  const customer = await createCustomer('reset', 'Rosa Reset');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await captureIdentityPage(page, 'reset-ask');

  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${customer.email} belongs to an account`);
  await captureIdentityPage(page, 'reset-sent');

  // The mail, in the local outbox.
  await page.goto('/dev/outbox');
  const mail = page.getByRole('listitem').filter({ hasText: customer.email });
  await expect(mail.getByRole('link', { name: 'Reset your password · Berth' })).toBeVisible();
  await mail.getByRole('link', { name: 'Reset your password · Berth' }).click();
  await expect(page.getByText('Hello Rosa Reset,')).toBeVisible();
  const link = page.getByRole('link', { name: /login-actions\/reset-credentials\?key=/ });
  const resetUrl = await link.getAttribute('href');
  await link.click();

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await captureIdentityPage(page, 'reset-new-password');
  await page.getByLabel('New password').fill('a-brand-new-password');
  await page.getByLabel('Repeat password').fill('a-different-one');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Repeat password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('New password').fill('a-brand-new-password');
  await page.getByLabel('Repeat password').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();
  await captureIdentityPage(page, 'reset-done');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, customer.email, 'a-brand-new-password');
  await page.waitForURL((url) => !url.pathname.startsWith('/realms/') && !url.pathname.startsWith('/auth/'));
  await expect(page.getByRole('banner')).toBeVisible();

  // The link worked once.
  await page.goto(resetUrl ?? '');
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});
