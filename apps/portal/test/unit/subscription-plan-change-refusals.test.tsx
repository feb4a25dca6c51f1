import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveBilling } from '../support/billing.ts';
import { openBilling, serveUsageAndInvoices } from '../support/billing-page.ts';
import {
  extraSmall,
  openDialog,
  overview,
  serveChange,
  servePreviews,
  small,
  subscription,
  upgrade,
} from '../support/plan-change.ts';

// Changing a database cluster's plan on the Billing page: refusals of the change and of its preview, in the
// dialog and in the server's words, and a preview too old to be charged as shown asked again.

beforeEach(serveUsageAndInvoices);

describe('changing a database cluster’s plan', () => {
  it('shows a refusal of the change in the dialog, in the server’s words, and keeps it open', async () => {
    const served = serveBilling(overview(subscription(extraSmall, { planChanges: [small] })));
    servePreviews({ 's-1': upgrade(small, 750) });
    const declined =
      'The payment for the upgrade was declined, so the plan was not changed: update your card under billing details and try again';
    serveChange({ error: { code: 'CONFLICT', message: declined } });
    const { user } = openBilling();
    const dialog = await openDialog(user, extraSmall.name);
    await user.click(dialog.getByRole('radio', { name: /^Small/ }));
    await user.click(await dialog.findByRole('button', { name: 'Upgrade now' }));

    expect(await dialog.findByText(declined)).toBeVisible();
    // In the dialog only, not in the snack bar too.
    expect(screen.getAllByText(declined)).toHaveLength(1);
    expect(dialog.getByRole('button', { name: 'Upgrade now' })).toBeEnabled();
    await waitFor(() => expect(served.requests()).toBe(2));
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('previews again when the preview is too old to be charged as shown', async () => {
    serveBilling(overview(subscription(extraSmall, { planChanges: [small] })));
    const asked = servePreviews({ 's-1': upgrade(small, 750) });
    const stale =
      'The preview of this change is more than 10 minutes old: preview it again to see what it charges';
    serveChange({ error: { code: 'BAD_USER_INPUT', message: stale, field: 'prorationDate' } });
    const { user } = openBilling();
    const dialog = await openDialog(user, extraSmall.name);
    await user.click(dialog.getByRole('radio', { name: /^Small/ }));
    await user.click(await dialog.findByRole('button', { name: 'Upgrade now' }));
    expect(await dialog.findByText(stale)).toBeVisible();
    await waitFor(() => expect(asked).toEqual(['s-1', 's-1']));
    expect(await dialog.findByRole('button', { name: 'Upgrade now' })).toBeEnabled();
  });

  it('shows a refusal of the preview in the dialog, and offers nothing to confirm', async () => {
    serveBilling(overview(subscription(extraSmall, { planChanges: [small] })));
    const busy = 'Database cluster orders is being changed: try again once it is running';
    servePreviews({ 's-1': { code: 'CONFLICT', message: busy } });
    const { user } = openBilling();
    const dialog = await openDialog(user, extraSmall.name);
    await user.click(dialog.getByRole('radio', { name: /^Small/ }));
    expect(await dialog.findByText(busy)).toBeVisible();
    expect(screen.getAllByText(busy)).toHaveLength(1);
    expect(dialog.getByRole('button', { name: 'Change plan' })).toBeDisabled();
  });
});
