import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { DialogButtons, FormDialog } from '@/components/form-dialog.tsx';
import { RadioCard } from '@/components/radio-card.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { formatMonthlyPrice } from '@/lib/money.ts';
import {
  planChangePreviewQueryOptions,
  type useChangeSubscriptionPlan,
} from '../api/change-subscription-plan.ts';
import { formatDate } from './billing-format.ts';
import { pendingPlanText, planChangeText, planChoices, planLabel } from './plan-change-text.ts';
import type { Subscription } from './subscription-text.ts';

type PlanChangeMutation = ReturnType<typeof useChangeSubscriptionPlan>;
type Plan = Subscription['planChanges'][number];

export interface ChangePlanDialogProps {
  open: boolean;
  subscription: Subscription;
  /** The change, made by the button that opened the dialog (reset at each opening). */
  change: PlanChangeMutation;
  onClose: () => void;
}

/**
 * Moving a database cluster's plan: the plans it can move to with their monthly price; choosing one asks the
 * server what it does and charges, said in words before the customer confirms. A refusal is shown here, in
 * the server's words. Loaded on demand (change-plan-button.tsx). Full screen on a phone.
 */
export function ChangePlanDialog({ open, subscription, change, onClose }: ChangePlanDialogProps) {
  return (
    <FormDialog open={open} pending={change.isPending} onClose={onClose}>
      <ChangePlanForm subscription={subscription} change={change} onClose={onClose} />
    </FormDialog>
  );
}

function ChangePlanForm({ subscription, change, onClose }: Omit<ChangePlanDialogProps, 'open'>) {
  const [planId, setPlanId] = useState('');
  const labelId = useId();
  const noteId = useId();
  const previewId = useId();
  const choices = planChoices(subscription);
  const preview = useQuery({
    ...planChangePreviewQueryOptions(subscription.id, planId),
    enabled: planId !== '',
  });
  const shown = preview.data;
  const choose = (id: string) => {
    setPlanId(id);
    change.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!shown || change.isPending) return;
    change.mutate(
      { id: subscription.id, planId: shown.to.id, prorationDate: shown.prorationDate },
      {
        onSuccess: (changed) => {
          showSnackbar(
            changed.pendingPlan && changed.pendingPlanAt
              ? `Downgrade to ${planLabel(changed.pendingPlan)} on ${formatDate(changed.pendingPlanAt)}: nothing changes until then.`
              : `Plan changed to ${planLabel(changed.plan)}.`,
            'success',
          );
          onClose();
        },
        onError: (error) => {
          // The preview is too old to be charged as shown: show the current one, under the server's sentence.
          const stale =
            error instanceof GraphQLRequestError &&
            error.errors.some((item) => item.extensions?.field === 'prorationDate');
          if (stale) void preview.refetch();
        },
      },
    );
  };
  const confirmLabel = !shown ? 'Change plan' : shown.timing === 'NOW' ? 'Upgrade now' : 'Downgrade';

  return (
    // A column, so that the list scrolls between the title and what stays in sight below it.
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      <DialogTitle>
        {subscription.resourceName ? `Change the plan of ${subscription.resourceName}` : 'Change plan'}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Now on {planLabel(subscription.plan)}
          {subscription.plan.price && `, ${formatMonthlyPrice(subscription.plan.price)}`}.
          {subscription.pendingPlan &&
            ` ${pendingPlanText(subscription.pendingPlan, subscription.pendingPlanAt)}; choosing another plan replaces that change.`}
        </Typography>
        <FormControl component="fieldset" disabled={change.isPending} sx={{ width: '100%', minWidth: 0 }}>
          <FormLabel component="legend" id={labelId} sx={{ mb: 0.5 }}>
            New plan
          </FormLabel>
          <Typography id={noteId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Storage cannot shrink, so only plans with at least the cluster&apos;s storage are offered.
            Upgrades apply now; downgrades at the end of the period paid for.
          </Typography>
          <RadioGroup
            aria-labelledby={labelId}
            aria-describedby={noteId}
            name="plan"
            value={planId}
            onChange={(event) => choose(event.target.value)}
            sx={{ gap: 0.5 }}
          >
            {choices.map((plan) => (
              <PlanChoice key={plan.id} plan={plan} selected={plan.id === planId} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      {/* Below the list, which scrolls, so that it is in sight as soon as a plan is chosen: what the chosen
          plan does and charges, or why it cannot be had; read out as it changes. */}
      <Box
        id={previewId}
        aria-live="polite"
        sx={{ px: 3, pt: 2, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
      >
        {planId === '' && (
          <Typography variant="body2" color="text.secondary">
            Choose a plan to see what it costs before anything changes.
          </Typography>
        )}
        {preview.isFetching && !shown && <LinearProgress aria-label="Loading what the change costs" />}
        {shown && (
          <Typography sx={{ fontWeight: 500 }}>
            {planChangeText(shown, subscription.currentPeriodEnd)}
          </Typography>
        )}
        {preview.isError && !shown && (
          <Alert
            severity="error"
            action={
              preview.error instanceof GraphQLRequestError ? undefined : (
                <Button color="inherit" size="small" onClick={() => void preview.refetch()}>
                  Try again
                </Button>
              )
            }
          >
            {preview.error instanceof GraphQLRequestError
              ? preview.error.message
              : 'What the change costs could not be loaded.'}
          </Alert>
        )}
        {change.error instanceof GraphQLRequestError && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {change.error.message}
          </Alert>
        )}
      </Box>
      {/* Spaced from the chosen plan's text above, which has no space below it. */}
      <DialogButtons sx={{ pt: 2 }}>
        <Button onClick={onClose} disabled={change.isPending} color="inherit">
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!shown || preview.isFetching}
          loading={change.isPending}
          aria-describedby={shown ? previewId : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogButtons>
    </Box>
  );
}

/** One plan to move to: a row of the radio group, its name and monthly price. */
function PlanChoice({ plan, selected }: { plan: Plan; selected: boolean }) {
  return (
    <RadioCard selected={selected} sx={{ alignItems: 'center', py: 0.25, pl: 0.5, pr: 1.5 }}>
      <Radio value={plan.id} size="small" />
      <Typography sx={{ flex: 1, minWidth: 0, fontWeight: selected ? 600 : undefined }}>
        {planLabel(plan)}
      </Typography>
      <Typography variant="body2" sx={{ flexShrink: 0, textAlign: 'right', fontWeight: 600 }}>
        {plan.price ? formatMonthlyPrice(plan.price) : 'Price on request'}
      </Typography>
    </RadioCard>
  );
}
