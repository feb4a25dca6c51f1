import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
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
  const [choosing, setChoosing] = useState(false);
  // Mounted from the first press on, so the dialog fades out rather than vanishing when closed.
  const [asked, setAsked] = useState(false);
  const open = () => {
    change.reset();
    setAsked(true);
    setChoosing(true);
  };
  return (
    <>
      <Button
        variant="outlined"
        disabled={change.isPending}
        onClick={open}
        onPointerEnter={preload}
        onFocus={preload}
        sx={{ flexShrink: 0 }}
      >
        Change plan
      </Button>
      {asked && (
        <Suspense>
          <ChangePlanDialog
            open={choosing}
            subscription={subscription}
            change={change}
            onClose={() => setChoosing(false)}
          />
        </Suspense>
      )}
    </>
  );
}
