import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveBilling } from '../support/billing.ts';
import { openBilling, serveUsageAndInvoices } from '../support/billing-page.ts';
import {
  downgrade,
  item,
  medium,
  openDialog,
  overview,
  periodEnd,
  periodEndText,
  prorationDate,
  serveChange,
  servePreviews,
  small,
  smallHa,
  subscription,
} from '../support/plan-change.ts';

// Changing a database cluster's plan on the Billing page: a downgrade waits for the period's end, the list
// says when the plan changes, another plan replaces the waiting one, and keeping the current plan drops it.

beforeEach(serveUsageAndInvoices);

describe('changing a database cluster’s plan', () => {
  it('says what a downgrade does; once confirmed the list says when the plan changes, and Keep takes it back', async () => {
    const waiting = subscription(smallHa, {
      planChanges: [small, medium],
      pendingPlan: small,
      pendingPlanAt: periodEnd,
    });
    const served = serveBilling(
      overview(subscription(smallHa, { planChanges: [small, medium] })),
      overview(waiting),
      overview(subscription(smallHa, { planChanges: [small, medium] })),
    );
    servePreviews({ 's-1': downgrade(smallHa, small) });
    const sent = serveChange({ changed: { plan: smallHa, pendingPlan: small, pendingPlanAt: periodEnd } });
    const { user } = openBilling();

    const dialog = await openDialog(user, smallHa.name);
    await user.click(dialog.getByRole('radio', { name: /^Small €/ }));
    expect(
      await dialog.findByText(
        `Downgrade on ${periodEndText}: until then the cluster keeps Small, high availability; from then €30.00 per month. Nothing is charged now.`,
      ),
    ).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Downgrade' }));
    expect(
      await screen.findByText(`Downgrade to Small on ${periodEndText}: nothing changes until then.`),
    ).toBeVisible();
    expect(sent).toEqual([{ id: '7', planId: 's-1', prorationDate }]);

    const listed = await item(smallHa.name);
    expect(await listed.findByText(`Changes to Small on ${periodEndText}`)).toBeVisible();
    expect(listed.getByText(`Cluster orders · €90.00 per month · Renews on ${periodEndText}`)).toBeVisible();

    // The waiting plan is not offered again; another one replaces it.
    await user.click(listed.getByRole('button', { name: 'Change plan' }));
    const again = within(await screen.findByRole('dialog', { name: 'Change the plan of orders' }));
    expect(
      again.getByText(
        'Now on Small, high availability, €90.00 per month. Changes to Small on Feb 15, 2030; choosing another plan replaces that change.',
      ),
    ).toBeVisible();
    expect(again.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['m-1']);
    await user.click(again.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Keep asks for the current plan: the downgrade is dropped.
    await user.click(listed.getByRole('button', { name: 'Keep Small, high availability' }));
    expect(
      await screen.findByText(
        "Small, high availability is kept: the plan no longer changes at the period's end.",
      ),
    ).toBeVisible();
    expect(sent[1]).toEqual({ id: '7', planId: 's-3', prorationDate: null });
    await waitFor(() => expect(listed.queryByText(/^Changes to/)).not.toBeInTheDocument());
    expect(listed.queryByRole('button', { name: /^Keep/ })).not.toBeInTheDocument();
    expect(served.requests()).toBe(3);
  });
});
