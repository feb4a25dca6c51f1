import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiRocketLaunchOutline } from '@mdi/js';
import { MdiIcon } from '../mdi-icon.tsx';
import { useAccount } from '../../lib/auth/queries.ts';
import { serverlessContainersPlanId, type CheckoutStart } from '../../lib/billing/hosted-page.ts';
import { useOpenHostedPage } from '../../lib/billing/use-open-hosted-page.ts';
import { useSubscriptionRequestedAt } from '../../lib/billing/subscription-request.ts';
import { useRefusal } from '../../lib/auth/refusal.ts';
import { SubscribeRefusal } from './subscribe-refusal.tsx';

/**
 * Where a create button would be for a customer whose plan does not allow it: why, and the way to the
 * serverless-containers subscription's checkout. While a subscription is being activated it says so
 * instead of offering a second checkout; while the customer may not subscribe (an unconfirmed address), why.
 * `startedOn` names the page it is on when that page is where a cancelled checkout should return.
 */
export function UpgradeCallToAction({ reason, startedOn }: { reason?: string; startedOn?: CheckoutStart }) {
  const account = useAccount().data;
  const activating = useSubscriptionRequestedAt(account?.id) !== null;
  const checkout = useOpenHostedPage();
  const busy = checkout.isPending || checkout.isSuccess;
  const refusal = useRefusal('billing', 'create');
  const open = () => {
    if (!account || busy) return;
    checkout.mutate({
      path: '/subscriptions',
      body: { planId: serverlessContainersPlanId, resourceId: account.customer.id, startedOn },
    });
  };

  if (refusal) return <SubscribeRefusal refusal={refusal} align="flex-end" />;
  return (
    // On a phone the list's action row is a line of its own: the button fills it whether or not the reason's
    // text is there to widen it.
    <Stack
      spacing={0.5}
      sx={{
        alignItems: { xs: 'stretch', sm: 'flex-end' },
        flexGrow: { xs: 1, sm: 0 },
        maxWidth: { sm: 360 },
      }}
    >
      <Button
        variant="contained"
        startIcon={<MdiIcon path={mdiRocketLaunchOutline} />}
        loading={busy || activating}
        loadingPosition="start"
        aria-busy={busy || activating}
        disabled={!account}
        onClick={open}
        sx={{ flexShrink: 0 }}
      >
        {activating ? 'Activating subscription' : 'Upgrade to create more'}
      </Button>
      {reason && !activating && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: { sm: 'right' }, textWrap: 'balance' }}
        >
          {reason}
        </Typography>
      )}
    </Stack>
  );
}
