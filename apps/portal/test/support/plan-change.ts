import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type {
  BillingOverviewQuery,
  SubscriptionPlanChangePreviewQuery,
} from '../../src/gql/billing/graphql.ts';
import { billingApi, euros } from './billing.ts';
import { openBilling } from './billing-page.ts';
import { server } from './server.ts';

// Changing a database cluster's plan on the Billing page, as the subscription-plan-change-*.test.tsx files do
// it: the plans, a subscription on one of them, the previews of an upgrade and a downgrade, the billing API's
// answers to the preview and the change (held until the test lets them go, or refused), and the dialog.

type Subscription = BillingOverviewQuery['subscriptions'][number];
type Preview = SubscriptionPlanChangePreviewQuery['subscriptionPlanChangePreview'];

export const periodEnd = '2030-02-15T12:00:00.000Z';
/** The period's end as the page writes it (the browser's locale, en-US in the tests). */
export const periodEndText = 'Feb 15, 2030';
export const prorationDate = '2030-01-20T09:30:00.000Z';

const plan = (id: string, name: string, amountCents: number) => ({
  id,
  name: `Database cluster: ${name}`,
  price: euros(amountCents),
});
export const extraSmall = plan('xs-1', 'Extra small', 1500);
export const small = plan('s-1', 'Small', 3000);
export const medium = plan('m-1', 'Medium', 6000);
export const smallHa = plan('s-3', 'Small, high availability', 9000);
export const containersPlan = {
  id: 'serverless-containers-EUR-Monthly',
  name: 'Serverless containers, monthly (EUR)',
  price: euros(900),
};

export function subscription(
  current: Subscription['plan'],
  changes: Partial<Subscription> = {},
): Subscription {
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

export const overview = (...subscriptions: Subscription[]): BillingOverviewQuery => ({
  customer: { id: 'customer-1', suspendedReason: null },
  subscriptions,
  paymentMethod: { brand: 'Visa', last4: '4242', expiryMonth: 3, expiryYear: 2039 },
  billingDetails: null,
});

export const upgrade = (to: Subscription['plan'], chargedCents: number): Preview => ({
  from: extraSmall,
  to,
  timing: 'NOW',
  effectiveAt: prorationDate,
  chargedNow: euros(chargedCents),
  nextPeriodPrice: to.price ?? euros(0),
  prorationDate,
});

export const downgrade = (from: Subscription['plan'], to: Subscription['plan']): Preview => ({
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
export function gate() {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** The previews the billing API answers, by plan id (or a refusal); records the plan ids it was asked for. */
export function servePreviews(answers: Record<string, Preview | Refusal>, held?: Promise<void>) {
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
export function serveChange({
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

export const item = async (planName: string) =>
  within(await screen.findByRole('listitem', { name: planName }));
export const openDialog = async (user: ReturnType<typeof openBilling>['user'], planName: string) => {
  await user.click((await item(planName)).getByRole('button', { name: 'Change plan' }));
  return within(await screen.findByRole('dialog', { name: 'Change the plan of orders' }));
};
