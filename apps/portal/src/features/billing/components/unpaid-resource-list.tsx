import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { linkOptions } from '@tanstack/react-router';
import { usePlanCheckout } from '@/components/planned-resource/use-plan-checkout.ts';
import { ButtonLink, type LinkTarget } from '@/components/router-links.tsx';
import type { BillingUnpaidResourcesQuery } from '@/gql/billing/graphql.ts';
import type { PlannedResourceKind } from '@/lib/billing/plan-checkout-requests.ts';
import { formatMoney } from '@/lib/money.ts';
import { formatDate } from './billing-format.ts';

export type UnpaidResource = BillingUnpaidResourcesQuery['unpaidResources'][number];

/** The kinds of resource with a plan of their own: what they are called, and where their page is. */
const kinds: Record<
  string,
  { label: string; planned: PlannedResourceKind; page: (resource: UnpaidResource) => LinkTarget }
> = {
  DATABASE_CLUSTER: {
    label: 'Database cluster',
    planned: 'cluster',
    page: (resource) =>
      linkOptions({
        to: '/storage/databases/$namespaceName/$clusterName',
        params: { namespaceName: resource.namespace, clusterName: resource.name },
      }),
  },
  MESSAGE_QUEUE: {
    label: 'Message queue',
    planned: 'message-queue',
    page: (resource) =>
      linkOptions({
        to: '/storage/message-queues/$namespaceName/$queueName',
        params: { namespaceName: resource.namespace, queueName: resource.name },
      }),
  },
};

/** `Database cluster orders in shop · €29.00/month · unpaid since Jan 2, 2030` */
export function describeUnpaid(resource: UnpaidResource): string {
  const kind = kinds[resource.kind]?.label ?? 'Resource';
  const price = resource.plan.price ? `${formatMoney(resource.plan.price)}/month` : 'price on request';
  return `${kind} ${resource.name} in ${resource.namespace} · ${price} · unpaid since ${formatDate(resource.unpaidSince)}`;
}

/** What happens to it: when it stops if still unpaid, or that it stopped and paying starts it again. */
function Consequence({ resource }: { resource: UnpaidResource }) {
  if (resource.stopped || !resource.stopsAt) {
    return (
      <Alert severity="error" variant="outlined">
        Stopped on non-payment: nothing was deleted; paying starts it again.
      </Alert>
    );
  }
  return (
    <Alert severity="warning" variant="outlined">
      Stops on {formatDate(resource.stopsAt)}.
    </Alert>
  );
}

/**
 * Starts the hosted checkout of the resource's own plan (resourceId is the resource's id), whose return opens
 * the resource's page; the button stays busy until the tab has left. A failure is in the snack bar (the
 * mutation's failure message).
 */
function PayButton({ resource }: { resource: UnpaidResource }) {
  const { open, leaving } = usePlanCheckout(kinds[resource.kind]?.planned ?? null, { startedOn: 'billing' });
  return (
    <Button
      variant="contained"
      disabled={leaving}
      loading={leaving}
      aria-label={`Pay for ${resource.name}`}
      onClick={() => {
        if (!leaving) open({ ...resource, namespace: { name: resource.namespace } });
      }}
      sx={{ flexShrink: 0 }}
    >
      Pay
    </Button>
  );
}

/** The resource's own page, where a kind the portal knows has one. */
function OpenLink({ resource }: { resource: UnpaidResource }) {
  const kind = kinds[resource.kind];
  if (!kind) return null;
  return (
    <ButtonLink {...kind.page(resource)} variant="outlined" aria-label={`Open ${resource.name}`}>
      Open
    </ButtonLink>
  );
}

/** The resources that run without their plan paid for, each with what happens to it and a way to pay. */
export function UnpaidResourceList({ resources }: { resources: readonly UnpaidResource[] }) {
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {resources.map((resource) => (
        <Stack
          component="li"
          key={resource.id}
          aria-label={resource.name}
          spacing={1}
          sx={{
            pb: 2,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { pb: 0, borderBottom: 0 },
          }}
        >
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
          >
            <Typography sx={{ overflowWrap: 'anywhere' }}>{describeUnpaid(resource)}</Typography>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              <OpenLink resource={resource} />
              <PayButton resource={resource} />
            </Stack>
          </Stack>
          <Consequence resource={resource} />
        </Stack>
      ))}
    </Stack>
  );
}
