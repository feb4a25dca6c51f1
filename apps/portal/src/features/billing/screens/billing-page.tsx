import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiCreditCardOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';

import { FactsList } from '@/components/facts-list.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Section } from '@/components/section.tsx';
import { UpgradeCallToAction, useOpenHostedPage } from '@/components/subscription/on-demand.ts';
import { useAccess } from '@/lib/auth/queries.ts';
import { useRefusal } from '@/lib/auth/refusal.ts';
import type { BillingOverviewQuery } from '@/gql/billing/graphql.ts';
import { billingOverviewQueryOptions } from '../api/get-billing-overview.ts';
import { describeCard } from '../components/billing-format.ts';
import { SubscriptionList } from '../components/subscription-list.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { InvoicesSection } from './invoices-section.tsx';
import { UnpaidSection } from './unpaid-section.tsx';
import { UsageSection } from './usage-section.tsx';

/** Opens the provider's billing-details page; the button stays busy until the tab has left. */
function UpdateBillingDetailsButton() {
  const detailsPage = useOpenHostedPage();
  const leaving = detailsPage.isPending || detailsPage.isSuccess;
  return (
    <Button
      variant="outlined"
      startIcon={<MdiIcon path={mdiCreditCardOutline} />}
      loading={leaving}
      loadingPosition="start"
      aria-busy={leaving}
      onClick={() => {
        if (!leaving) detailsPage.mutate({ path: '/information/update' });
      }}
      sx={{ flexShrink: 0 }}
    >
      Update billing details
    </Button>
  );
}

/** The API's sentence for a suspended customer; for payment issues, how paying here lifts the suspension. */
function Suspension() {
  const refusal = useRefusal('serverless-container', 'create');
  if (!refusal) return null;
  return (
    <Alert severity="error" variant="outlined">
      {refusal.message}
      {refusal.next === 'pay-invoice' && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          The next successful payment lifts the suspension: check your card with your card issuer, or update
          your billing details.
        </Typography>
      )}
    </Alert>
  );
}

function Subscriptions({ subscriptions }: { subscriptions: BillingOverviewQuery['subscriptions'] }) {
  const access = useAccess();
  if (subscriptions.length === 0) {
    return (
      <Section title="Subscriptions">
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <div>
            <Typography sx={{ fontWeight: 600 }}>No subscription yet</Typography>
            <Typography variant="body2" color="text.secondary">
              The free start costs nothing and needs no card: one namespace with one container and one
              container job. A subscription lifts these limits; usage is charged from the day you subscribe,
              and each monthly invoice lists the base fee and the month’s usage.
            </Typography>
          </div>
          {access?.restricted && <UpgradeCallToAction startedOn="billing" />}
        </Stack>
      </Section>
    );
  }
  return (
    <Section title="Subscriptions">
      <SubscriptionList subscriptions={subscriptions} />
    </Section>
  );
}

function PaymentMethod({ card }: { card: BillingOverviewQuery['paymentMethod'] }) {
  return (
    <Section title="Payment method">
      {card ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <MdiIcon path={mdiCreditCardOutline} />
          <Typography sx={{ overflowWrap: 'anywhere' }}>{describeCard(card)}</Typography>
        </Stack>
      ) : (
        <Typography color="text.secondary">
          No card on file. Your card is saved when you subscribe.
        </Typography>
      )}
    </Section>
  );
}

function BillingDetails({ details }: { details: BillingOverviewQuery['billingDetails'] }) {
  return (
    <Section title="Billing details" description="What your invoices show.">
      {details ? (
        <FactsList
          facts={[
            { term: 'Company', value: details.companyName },
            {
              term: 'Address',
              value: <span style={{ whiteSpace: 'pre-line' }}>{details.address}</span>,
            },
            { term: 'VAT number', value: details.vatNumber || '—' },
            { term: 'Invoice email', value: details.invoiceEmail },
          ]}
        />
      ) : (
        <Typography color="text.secondary">
          No billing details yet. Add your company name and address with Update billing details.
        </Typography>
      )}
    </Section>
  );
}

function LoadingSections() {
  return (
    <Stack spacing={3} role="progressbar" aria-busy="true" aria-label="Loading billing">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} variant="rounded" height={120} />
      ))}
    </Stack>
  );
}

/**
 * The customer's billing: subscriptions, what runs unpaid, this month's usage, invoices, the card on file,
 * billing details, and a suspension's reason. Unpaid resources, usage and invoices load on their own, so any
 * of them can fail without hiding the rest.
 */
export function BillingPage() {
  const overview = useQuery(billingOverviewQueryOptions);
  const header = (
    <PageHeader
      title="Billing"
      subtitle="Your subscriptions, usage, invoices, payment method and billing details."
      action={<UpdateBillingDetailsButton />}
    />
  );

  if (overview.isError) {
    return (
      <>
        {header}
        <LoadError title="Billing could not be loaded" onRetry={overview.refetch} />
      </>
    );
  }

  const data = overview.data;
  return (
    <>
      {header}
      {data ? (
        <Stack spacing={3}>
          {data.customer.suspendedReason && <Suspension />}
          <Subscriptions subscriptions={data.subscriptions} />
          <UnpaidSection />
          <UsageSection />
          <InvoicesSection />
          <PaymentMethod card={data.paymentMethod} />
          <BillingDetails details={data.billingDetails} />
        </Stack>
      ) : (
        <LoadingSections />
      )}
    </>
  );
}
