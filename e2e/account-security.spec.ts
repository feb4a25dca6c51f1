import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCustomer } from './support/admin.ts';
import { closeMessage, expectAccessible, openSignedIn, signIn } from './support/portal.ts';
import { captureDialog, captureScreens } from './support/screens.ts';
import { codeFor, currentStep, signOut } from './support/two-factor.ts';

// The owner's sign-in on the account page (issue 26): the password changed (checked as typed, a wrong
// current one refused at its field), then signing in with the new one; two-factor sign-in turned on with an
// authenticator app's code (computed here), new recovery codes made and read from the dialog (the old ones
// refused), and two-factor turned off with one of them, after which signing in asks for the password only.

/** Signs in with `password` (and no second factor) and opens the account page. */
async function signInToAccount(page: Page, email: string, password: string) {
  await signIn(page, email, password);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

/** Opens the Change password dialog from the keyboard. */
async function openPasswordDialog(page: Page): Promise<Locator> {
  await page
    .getByRole('region', { name: 'Password' })
    .getByRole('button', { name: 'Change password' })
    .focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog.getByLabel(/^Current password/)).toBeFocused();
  return dialog;
}

/** Turns two-factor sign-in on at the identity provider's set-up, back on the account page; its secret. */
async function turnOnTwoFactor(page: Page, section: Locator): Promise<string> {
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  const secret = ((await page.locator('#totp-secret').textContent()) ?? '').replaceAll(' ', '');
  await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(secret, currentStep()));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue to Berth' }).click();
  await expect(page).toHaveURL(/\/account$/);
  return secret;
}

/** Makes new recovery codes with `code`; the dialog, showing them, and the codes it shows. */
async function renewRecoveryCodes(page: Page, section: Locator, code: string) {
  await section.getByRole('button', { name: 'New recovery codes' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recovery codes' });
  await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
  await dialog.getByRole('button', { name: 'Make new codes' }).click();
  const items = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  return { dialog, codes: await items.allTextContents() };
}

test('the owner changes the password and manages two-factor sign-in from the account page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const customer = await createCustomer('security', 'Sam Secure');
  const newPassword = 'a-new-and-longer-passphrase';
  await openSignedIn(page, '/account', customer);
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(twoFactor.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expectAccessible(page);

  await test.step('the password: checked as typed, a wrong current one refused at its field, then changed', async () => {
    await captureDialog(page, 'account-password-dialog', () => openPasswordDialog(page));
    const dialog = await openPasswordDialog(page);
    await page.keyboard.type('not-my-password');
    await dialog.getByLabel(/^New password/).fill('short');
    await expect(dialog.getByText('Password must have at least 8 characters')).toBeVisible();
    await dialog.getByLabel(/^New password/).fill(newPassword);
    await dialog.getByLabel(/^Repeat new password/).fill(`${newPassword}!`);
    await expect(dialog.getByText('The two new passwords are not the same')).toBeVisible();
    await dialog.getByLabel(/^Repeat new password/).fill(newPassword);
    await page.keyboard.press('Enter');

    const current = dialog.getByLabel(/^Current password/);
    await expect(dialog.getByText('The current password is not right')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();
    await expectAccessible(page);
    await current.fill(customer.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await closeMessage(page, 'Password changed. Other devices were signed out.');

    await signOut(page, customer.name);
    await signInToAccount(page, customer.email, newPassword);
  });

  const secret = await test.step('two-factor on, with a code from the app', async () => {
    const turnedOn = await turnOnTwoFactor(page, twoFactor);
    await expect(twoFactor.getByText(/^On since /)).toBeVisible();
    await expect(twoFactor.getByText('10 recovery codes left.')).toBeVisible();
    await expectAccessible(page);
    // The password is then changed with a code too.
    const dialog = await openPasswordDialog(page);
    await expect(dialog.getByRole('textbox', { name: /^Code/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await captureScreens(page, 'account-two-factor-on');
    return turnedOn;
  });

  const codes =
    await test.step('new recovery codes, with a code from the app: shown once, saved', async () => {
      await captureDialog(page, 'account-recovery-codes-ask', async () => {
        await twoFactor.getByRole('button', { name: 'New recovery codes' }).click();
        return page.getByRole('dialog', { name: 'New recovery codes' });
      });
      // The set-up spent this step's code; the next step's is accepted now (within one step of the clock).
      const first = await renewRecoveryCodes(page, twoFactor, codeFor(secret, currentStep() + 1));
      await expect(first.dialog.getByText(/Your old recovery codes stopped working/)).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        first.dialog.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('berth-recovery-codes.txt');
      expect(await readFile(await download.path(), 'utf8')).toBe(`${first.codes.join('\n')}\n`);
      await first.dialog.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Each capture makes new codes with one of the last ones.
      let latest = first.codes;
      await captureDialog(page, 'account-recovery-codes', async () => {
        const renewed = await renewRecoveryCodes(page, twoFactor, latest[0] ?? '');
        latest = renewed.codes;
        return renewed.dialog;
      });
      await expect(twoFactor.getByText('10 recovery codes left.')).toBeVisible();
      return { old: first.codes, latest };
    });

  await test.step('two-factor off with a recovery code: an old one is refused, a new one turns it off', async () => {
    const openTurnOff = async () => {
      await twoFactor.getByRole('button', { name: 'Turn off' }).click();
      return page.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
    };
    await captureDialog(page, 'account-two-factor-off', openTurnOff);
    const dialog = await openTurnOff();
    const code = dialog.getByRole('textbox', { name: /^Code/ });
    await code.fill(codes.old[1] ?? '');
    await code.press('Enter');
    await expect(dialog.getByText('That code is not right')).toBeVisible();
    await expect(code).toBeFocused();
    await code.fill(codes.latest[1] ?? '');
    await code.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await closeMessage(page, 'Two-factor authentication is off.');
    await expect(twoFactor.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();

    // Signing in asks for the password only.
    await signOut(page, customer.name);
    await signInToAccount(page, customer.email, newPassword);
  });
});
