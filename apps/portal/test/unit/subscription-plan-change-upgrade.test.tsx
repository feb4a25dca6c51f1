import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveBilling } from '../support/billing.ts';
import { openBilling, serveUsageAndInvoices } from '../support/billing-page.ts';
import {
  extraSmall,
  gate,
  medium,
  openDialog,
  overview,
  periodEndText,
  prorationDate,
  serveChange,
  servePreviews,
  small,
  subscription,
  upgrade,
} from '../support/plan-change.ts';

// Changing a database cluster's plan on the Billing page: the plans it can move to with their price, what an
// upgrade charges (asked of the server) said before confirming, and the upgrade confirmed with the preview's
// proration date, by mouse or by keyboard.

beforeEach(serveUsageAndInvoices);

describe('changing a database cluster’s plan', () => {
  it('offers the plans with their price, says what an upgrade charges, and confirms it with the preview’s date', async () => {
    const served = serveBilling(
      overview(subscription(extraSmall, { planChanges: [small, medium] })),
      overview(subscription(small, { planChanges: [medium] })),
    );
    const previewAnswer = gate();
    const asked = servePreviews(
      { 's-1': upgrade(small, 750), 'm-1': upgrade(medium, 2250) },
      previewAnswer.opened,
    );
    const changeAnswer = gate();
    const sent = serveChange({ held: changeAnswer.opened });
    const { user } = openBilling();

    const dialog = await openDialog(user, extraSmall.name);
    expect(dialog.getByText('Now on Extra small, €15.00 per month.')).toBeVisible();
    expect(
      dialog.getByText(
        /Storage cannot shrink, so only plans with at least the cluster's storage are offered\./,
      ),
    ).toBeVisible();
    const plans = dialog.getByRole('radiogroup', { name: 'New plan' });
    expect(
      within(plans)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['s-1', 'm-1']);
    expect(within(plans).getByRole('radio', { name: 'Small €30.00 per month' })).not.toBeChecked();
    expect(within(plans).getByRole('radio', { name: 'Medium €60.00 per month' })).not.toBeChecked();
    expect(dialog.getByText('Choose a plan to see what it costs before anything changes.')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Change plan' })).toBeDisabled();

    await user.click(within(plans).getByRole('radio', { name: /^Small/ }));
    expect(await dialog.findByRole('progressbar', { name: 'Loading what the change costs' })).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Change plan' })).toBeDisabled();
    previewAnswer.open();
    const said = `Upgrade now: €7.50 is charged today for the rest of this period (until ${periodEndText}); then €30.00 per month.`;
    expect(await dialog.findByText(said)).toBeVisible();
    expect(asked).toEqual(['s-1']);
    expect(sent).toEqual([]);

    const confirm = dialog.getByRole('button', { name: 'Upgrade now' });
    expect(confirm).toHaveAccessibleDescription(said);
    await user.click(confirm);
    await waitFor(() => expect(sent).toEqual([{ id: '7', planId: 's-1', prorationDate }]));
    expect(dialog.getByRole('button', { name: /Upgrade now/ })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(plans).getByRole('radio', { name: /^Medium/ })).toBeDisabled();

    changeAnswer.open();
    expect(await screen.findByText('Plan changed to Small.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is asked again: the cluster's plan is Small now.
    expect(await screen.findByRole('listitem', { name: small.name })).toHaveTextContent(
      `Cluster orders · €30.00 per month · Renews on ${periodEndText}`,
    );
    expect(served.requests()).toBe(2);
    expect(sent).toHaveLength(1);
  });

  it('is keyboard-usable: arrow keys choose a plan, Enter on the confirmation changes it', async () => {
    serveBilling(overview(subscription(extraSmall, { planChanges: [small, medium] })));
    const asked = servePreviews({ 's-1': upgrade(small, 750), 'm-1': upgrade(medium, 2250) });
    const sent = serveChange({ changed: { plan: medium } });
    const { user } = openBilling();
    const dialog = await openDialog(user, extraSmall.name);

    await user.tab();
    expect(dialog.getByRole('radio', { name: /^Small/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(dialog.getByRole('radio', { name: /^Medium/ })).toBeChecked();
    expect(await dialog.findByText(/^Upgrade now: €22\.50 is charged today/)).toBeVisible();
    expect(asked).toContain('m-1');

    await user.tab();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(dialog.getByRole('button', { name: 'Upgrade now' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Plan changed to Medium.')).toBeVisible();
    expect(sent).toEqual([{ id: '7', planId: 'm-1', prorationDate }]);
  });
});
