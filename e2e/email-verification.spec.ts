import { expect, test, type Page } from '@playwright/test';
import { createCustomer, testPassword, uniqueEmail } from './support/admin.ts';
import { checkoutPath, payWithCard } from './support/checkout.ts';
import { namespacesPath, openSignedIn } from './support/portal.ts';
import { captureIdentityPage, captureScreens } from './support/screens.ts';

// A new account's address and a changed one, confirmed by the mailed link (issue 26), as a person goes
// through it: mail is read in the local outbox, as `npm start` keeps it without SMTP_URL.

/** Opens the newest mail to `recipient` with `subject` in the outbox and follows its link. */
async function followMailedLink(page: Page, recipient: string, subject: string) {
  await page.goto('/dev/outbox');
  const mail = page.getByRole('listitem').filter({ hasText: recipient });
  await mail
    .getByRole('link', { name: `${subject} · Berth` })
    .first()
    .click();
  await page.getByRole('link', { name: /login-actions\/action-token\?key=/ }).click();
}

test('sign up, confirm the address from the mail, then subscribe', async ({ page }) => {
  const email = uniqueEmail('verify');
  await page.goto('/register');
  await page.getByLabel('Name').fill('Vera Verify');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(testPassword);
  await page.getByLabel('Repeat password').fill(testPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`${namespacesPath}$`));

  // Looking around and the free start are open; subscribing waits for the address.
  await expect(
    page.getByText(`Confirm your email address: follow the link we mailed to ${email}`),
  ).toBeVisible();
  await page.goto('/storage/databases');
  const offer = page.getByRole('region', { name: 'Cloud databases subscription' });
  await expect(offer.getByText(/^Confirm your email address first/)).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Subscribe to cloud databases' })).toHaveCount(0);
  await captureScreens(page, 'email-unconfirmed');

  await offer.getByRole('link', { name: 'Go to Account' }).click();
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section.getByText(`Not confirmed yet: follow the link we mailed to ${email}`)).toBeVisible();

  await followMailedLink(page, email, 'Confirm your email address');
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await captureIdentityPage(page, 'email-confirm');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Your email address is confirmed' })).toBeVisible();
  await captureIdentityPage(page, 'email-confirmed');

  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.getByRole('region', { name: 'Email address' }).getByText('· confirmed')).toBeVisible();
  await page.goto('/storage/databases');
  await page.getByRole('button', { name: 'Subscribe to cloud databases' }).click();
  await expect(page).toHaveURL(checkoutPath);
  await payWithCard(page, '€15.00', 'Vera Verify');
  await expect(page.getByRole('heading', { name: 'No database clusters yet' })).toBeVisible();
  await expect(page.getByText(/^Confirm your email address/)).toHaveCount(0);
});

test('change the email address: the old one is told, the link moves the account', async ({ page }) => {
  const customer = await createCustomer('moving', 'Max Moving');
  const newEmail = uniqueEmail('moved');
  await openSignedIn(page, '/account', customer);
  const section = page.getByRole('region', { name: 'Email address' });
  await section.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await dialog.getByLabel('New email address').fill(newEmail);
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog.getByText('The current password is not right')).toBeVisible();
  await dialog.getByLabel('Current password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(`Moving to ${newEmail}: follow the link mailed there`)).toBeVisible();
  await captureScreens(page, 'email-moving');

  // The old address is told, with no link to follow.
  await page.goto('/dev/outbox');
  const told = page.getByRole('listitem').filter({ hasText: customer.email });
  await expect(told.getByRole('link', { name: 'Your email address is changing · Berth' })).toBeVisible();

  await followMailedLink(page, newEmail, 'Confirm your new email address');
  await expect(page.getByRole('heading', { name: 'Use your new email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Use this address' }).click();
  await expect(page.getByText(`Your account uses ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page.getByRole('region', { name: 'Email address' }).getByText(newEmail)).toBeVisible();
});
