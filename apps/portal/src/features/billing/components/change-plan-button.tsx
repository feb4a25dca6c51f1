import { lazy } from 'react';
import { LazyDialogButton } from '@/components/lazy-dialog-button.tsx';
import { useChangeSubscriptionPlan } from '../api/change-subscription-plan.ts';
import type { Subscription } from './subscription-text.ts';

// The dialog's code comes with the first press (or pointing at the button), not with the Billing page.
const loadChangePlanDialog = () => import('./change-plan-dialog.tsx');
const ChangePlanDialog = lazy(() =>
  loadChangePlanDialog().then((module) => ({ default: module.ChangePlanDialog })),
);
const preload = () => void loadChangePlanDialog().catch(() => undefined);

/** Opens the choice of the plans a database cluster's subscription can move to, and what each costs. */
export function ChangePlanButton({ subscription }: { subscription: Subscription }) {
  const change = useChangeSubscriptionPlan({ inlineErrors: true });
  return (
    <LazyDialogButton
      label="Change plan"
      busy={change.isPending}
      preload={preload}
      onOpen={change.reset}
      dialog={(open, close) => (
        <ChangePlanDialog open={open} subscription={subscription} change={change} onClose={close} />
      )}
    />
  );
}
