import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  BillingOverviewQuery,
  SubscriptionPlanChangePreviewQuery,
} from '../../src/gql/billing/graphql.ts';
import {
  billingApi,
  euros,
  invoices,
  novemberUsage,
  serveBilling,
  serveInvoices,
  serveUsage,
} from '../support/billing.ts';
import { renderWithProviders } from '../support/render.tsx';
import { server } from '../support/server.ts';

// Changing a database cluster's plan on the Billing page: the plans it can move to with their price, what the
// chosen one does and charges (asked of the server) said before confirming, the change confirmed with the
// preview's proration date, refusals in the dialog; a downgrade waiting for the period's end, and keeping the
// current plan instead.

type Subscription = BillingOverviewQuery['subscriptions'][number];
type Preview = SubscriptionPlanChangePreviewQuery['subscriptionPlanChangePreview'];

const periodEnd = '2030-02-15T12:00:00.000Z';
/** The period's end as the page writes it (the browser's locale, en-US in the tests). */
const periodEndText = 'Feb 15, 2030';
const prorationDate = '2030-01-20T09:30:00.000Z';

const plan = (id: string, name: string, amountCents: number) => ({
  id,
  name: `Database cluster: ${name}`,
  price: euros(amountCents),
});
const extraSmall = plan('xs-1', 'Extra small', 1500);
const small = plan('s-1', 'Small', 3000);
const medium = plan('m-1', 'Medium', 6000);
const smallHa = plan('s-3', 'Small, high availability', 9000);
const containersPlan = {
  id: 'serverless-containers-EUR-Monthly',
  name: 'Serverless containers, monthly (EUR)',
  price: euros(900),
};

function subscription(current: Subscription['plan'], changes: Partial<Subscription> = {}): Subscription {
  return {
    id: '7',
    plan: current,
    status: 'ACTIVE',
    resourceName: 'orders',
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    resumable: false,
    pendingPlan: null,
    pendingPlanAt: null,
    planChanges: [],
    createdAt: '2030-01-15T12:00:00.000Z',
    endedAt: null,
    ...changes,
  };
}

const overview = (...subscriptions: Subscription[]): BillingOverviewQuery => ({
  customer: { id: 'customer-1', suspendedReason: null },
  subscriptions,
  paymentMethod: { brand: 'Visa', last4: '4242', expiryMonth: 3, expiryYear: 2039 },
  billingDetails: null,
});

const upgrade = (to: Subscription['plan'], chargedCents: number): Preview => ({
  from: extraSmall,
  to,
  timing: 'NOW',
  effectiveAt: prorationDate,
  chargedNow: euros(chargedCents),
  nextPeriodPrice: to.price ?? euros(0),
  prorationDate,
});

const downgrade = (from: Subscription['plan'], to: Subscription['plan']): Preview => ({
  from,
  to,
  timing: 'PERIOD_END',
  effectiveAt: periodEnd,
  chargedNow: euros(0),
  nextPeriodPrice: to.price ?? euros(0),
  prorationDate,
});

type Refusal = { code: string; message: string; field?: string };
/** A GraphQL error as the billing API writes it. */
const refused = ({ code, message, field }: Refusal) => ({
  message,
  extensions: field ? { code, field } : { code },
});

/** A promise the test resolves to let a held answer go. */
function gate() {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** The previews the billing API answers, by plan id (or a refusal); records the plan ids it was asked for. */
function servePreviews(answers: Record<string, Preview | Refusal>, held?: Promise<void>) {
  const asked: string[] = [];
  server.use(
    billingApi.query('SubscriptionPlanChangePreview', async ({ variables }) => {
      const planId = String(variables.planId);
      asked.push(planId);
      await held;
      const answer = answers[planId];
      if (!answer)
        return HttpResponse.json({
          errors: [refused({ code: 'BAD_USER_INPUT', message: `No preview for ${planId}` })],
        });
      if ('code' in answer) return HttpResponse.json({ errors: [refused(answer)] });
      return HttpResponse.json({ data: { subscriptionPlanChangePreview: answer } });
    }),
  );
  return asked;
}

/** Answers subscriptionChangePlan with `changed` once `held` lets it go, or the refusal; records the variables. */
function serveChange({
  changed,
  held,
  error,
}: {
  changed?: Partial<Subscription>;
  held?: Promise<void>;
  error?: Refusal;
}) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    billingApi.mutation('SubscriptionChangePlan', async ({ variables }) => {
      sent.push(variables);
      await held;
      if (error) return HttpResponse.json({ errors: [refused(error)] });
      return HttpResponse.json({
        data: {
          subscriptionChangePlan: {
            id: variables.id,
            plan: small,
            pendingPlan: null,
            pendingPlanAt: null,
            ...changed,
          },
        },
      });
    }),
  );
  return sent;
}

const openBilling = () => renderWithProviders({ path: '/account/billing' });
const item = async (planName: string) => within(await screen.findByRole('listitem', { name: planName }));
const openDialog = async (user: ReturnType<typeof openBilling>['user'], planName: string) => {
  await user.click((await item(planName)).getByRole('button', { name: 'Change plan' }));
  return within(await screen.findByRole('dialog', { name: 'Change the plan of orders' }));
};

beforeEach(() => {
  serveUsage(novemberUsage);
  serveInvoices(invoices);
});

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

  it('is offered only where the server lists plans to change to; a cancelled plan shows no waiting change', async () => {
    serveBilling(
      overview(
        subscription(containersPlan, { id: '1', resourceName: null }),
        subscription(small, {
          id: '2',
          resourceName: 'archive',
          cancelAtPeriodEnd: true,
          resumable: true,
          pendingPlan: extraSmall,
          pendingPlanAt: periodEnd,
        }),
        subscription(medium, { id: '3', resourceName: 'orders', status: 'PAST_DUE' }),
      ),
    );
    openBilling();
    const subscriptions = within(await screen.findByRole('region', { name: 'Subscriptions' }));
    await subscriptions.findByRole('listitem', { name: containersPlan.name });
    expect(subscriptions.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument();
    expect(subscriptions.queryByRole('button', { name: /^Keep/ })).not.toBeInTheDocument();
    expect(subscriptions.queryByText(/^Changes to/)).not.toBeInTheDocument();
    expect(
      within(subscriptions.getByRole('listitem', { name: small.name })).getByRole('button', {
        name: 'Resume',
      }),
    ).toBeVisible();
  });
});
