import { expect, test } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { openSignedIn } from './support/portal.ts';
import { captureScreens } from './support/screens.ts';

// The account page's Sessions (issue 26): two browsers signed in to one account each see both, and signing
// the other one out ends it there: its next call finds its session gone and it is back at the sign-in page.

test('a session signed out from another browser has to sign in again', async ({ browser }) => {
  const customer = await createCustomer('sessions', 'Sasha Sessions');
  const laptop = await browser.newPage();
  const phone = await browser.newPage({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });
  await openSignedIn(phone, '/account', customer);
  await openSignedIn(laptop, '/account', customer);

  const sessions = laptop.getByRole('region', { name: 'Sessions' });
  const table = sessions.getByRole('table', { name: 'Sessions' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'This device' })).toContainText(/Chrom/);
  const other = table.getByRole('row').filter({ hasText: 'Safari on iOS' });
  await expect(other).toBeVisible();
  await captureScreens(laptop, 'sessions');

  await other.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  const dialog = laptop.getByRole('dialog', { name: 'Sign out Safari on iOS?' });
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(laptop.getByText('Signed out Safari on iOS')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(sessions.getByText('No other browser is signed in.')).toBeVisible();

  // The phone's tokens stop working: reloading finds no session and asks to sign in.
  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The laptop stays signed in.
  await laptop.reload();
  await expect(laptop.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});
