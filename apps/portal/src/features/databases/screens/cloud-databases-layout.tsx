import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { LoadingBlock } from '../../../components/loading-block.tsx';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiDatabaseOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { linkOptions, useRouterState } from '@tanstack/react-router';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { usePlanCheckoutReturn } from '@/components/planned-resource/use-plan-checkout-return.ts';
import { SubscribeRefusal } from '@/components/subscription/subscribe-refusal.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { accessStatus, subscribedTo } from '@/lib/auth/access.ts';
import { permissionsQueryOptions, useAccount } from '@/lib/auth/queries.ts';
import { useRefusal } from '@/lib/auth/refusal.ts';
import { readCheckoutReturn } from '@/lib/billing/checkout-return.ts';
import { cloudDatabasesPlanId } from '@/lib/billing/hosted-page.ts';
import { useSubscriptionRequestedAt } from '@/lib/billing/subscription-request.ts';
import { useOpenHostedPage } from '@/lib/billing/use-open-hosted-page.ts';
import { latestPlanCheckoutRequest, type PlanCheckoutRequest } from '@/lib/billing/plan-checkout-requests.ts';

// Only a customer coming back from the cloud-databases checkout, or waiting for it, needs the activation.
const SubscriptionActivation = lazy(() =>
  import('@/components/subscription/on-demand.ts').then((module) => ({
    default: module.SubscriptionActivation,
  })),
);

/**
 * The cloud databases' pages (SPEC §2: /storage requires the cloud-database subscription). A customer who
 * holds it sees them; one who does not is told what the subscription gives and offered its checkout, or, once
 * it was paid, sees it being activated. Checkouts come back here: the subscription's starts its activation,
 * a cluster plan's says it was received and goes on to that cluster's page.
 */
export function CloudDatabasesLayout({ children }: { children: ReactNode }) {
  const account = useAccount().data;
  const permissions = useQuery(permissionsQueryOptions()).data;
  const accountId = account?.id;
  const checkout = useRouterState({ select: ({ location }) => readCheckoutReturn(location.searchStr) });
  const subscribed = permissions ? subscribedTo(permissions, 'cloud-database') : undefined;
  const activating = useSubscriptionRequestedAt(accountId, 'cloud-database') !== null;
  // Which checkout came back, decided once per return. A subscribed customer only ever pays for a cluster's
  // plan here, and so does one whose newest checkout was for a cluster; anyone else for the subscription.
  const checkoutReturn = useMemo(() => {
    if (!checkout || !accountId || subscribed === undefined) return null;
    const request = latestPlanCheckoutRequest('cluster', accountId);
    return subscribed || request
      ? ({ kind: 'cluster', checkout, request } as const)
      : ({ kind: 'subscription', checkout } as const);
  }, [checkout, accountId, subscribed]);
  usePlanCheckoutReturn(
    'cluster',
    checkoutReturn?.kind === 'cluster' ? checkoutReturn : null,
    accountId,
    clusterPage,
  );

  const subscriptionCheckout = checkoutReturn?.kind === 'subscription' ? checkoutReturn.checkout : null;
  const activation = accountId && (subscriptionCheckout || activating) && (
    <Suspense>
      <SubscriptionActivation
        accountId={accountId}
        checkout={subscriptionCheckout}
        product="cloud-database"
      />
    </Suspense>
  );

  if (subscribed === undefined || !account || !permissions) {
    return <LoadingBlock label="Loading cloud databases" variant="rectangular" height={240} />;
  }
  if (subscribed) {
    return (
      <>
        {activation}
        {children}
      </>
    );
  }
  return (
    <>
      <PageHeader title="Cloud databases" subtitle="Managed database clusters, inside your namespaces." />
      {activation}
      {!activating && !subscriptionCheckout && (
        <CloudDatabasesOffer
          customerId={account.customer.id}
          suspended={accessStatus(permissions).suspended}
        />
      )}
    </>
  );
}

/** Where a cluster plan's checkout comes back to: the page of the cluster it was for. */
const clusterPage = (request: PlanCheckoutRequest) =>
  linkOptions({
    to: '/storage/databases/$namespaceName/$clusterName',
    params: { namespaceName: request.namespace, clusterName: request.name },
  });

/** What the cloud-databases subscription gives, and its checkout (none for a suspended account). */
function CloudDatabasesOffer({ customerId, suspended }: { customerId: string; suspended: boolean }) {
  const checkout = useOpenHostedPage();
  const refusal = useRefusal('billing', 'create');
  const busy = checkout.isPending || checkout.isSuccess;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Cloud databases subscription"
      sx={{ p: { xs: 3, sm: 5 } }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
        <MdiIcon path={mdiDatabaseOutline} sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h2">
          Cloud databases need their own subscription
        </Typography>
        <Typography>
          With it you create managed PostgreSQL and MySQL clusters in your namespaces: pick an engine version
          and a plan, and the cluster comes with its first database, users and connection strings ready to
          copy. Plans with three replicas keep a cluster running when a server fails.
        </Typography>
        <Typography color="text.secondary">
          The subscription is paid monthly through our card payment provider; each cluster is then billed by
          its plan, whose price you see before you create it.
        </Typography>
        {suspended ? (
          <Typography color="error" sx={{ fontWeight: 600 }}>
            Your account is suspended: subscribing is possible once the suspension is lifted.
          </Typography>
        ) : refusal ? (
          <SubscribeRefusal refusal={refusal} />
        ) : (
          <Button
            variant="contained"
            loading={busy}
            loadingPosition="start"
            startIcon={<MdiIcon path={mdiDatabaseOutline} />}
            aria-busy={busy}
            onClick={() => {
              if (!busy)
                checkout.mutate({
                  path: '/subscriptions',
                  body: { planId: cloudDatabasesPlanId, resourceId: customerId },
                });
            }}
          >
            Subscribe to cloud databases
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
