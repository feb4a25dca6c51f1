import Typography from '@mui/material/Typography';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormSwitch } from '../form/form-switch.tsx';
import { planPriceText, type PlanPrice } from '../pricing/plan-text.ts';

/**
 * The end of a create form of a resource with a plan of its own: what the plan chosen costs, and whether to
 * go to its checkout once the resource is created (SPEC §8: "then checkout unless skipped"). `noun` is what
 * the resource is called: `cluster`, `queue`.
 */
export function PayNowFields<TValues extends FieldValues>({
  control,
  name,
  noun,
  plan,
  payNow,
}: {
  control: Control<TValues>;
  /** The switch's field. */
  name: FieldPath<TValues>;
  noun: string;
  plan: (PlanPrice & { name: string }) | undefined;
  payNow: boolean;
}) {
  return (
    <>
      <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
        {plan ? planPriceText(plan) : `Choose a plan to see what the ${noun} costs a month.`}
      </Typography>
      <div>
        <FormSwitch control={control} name={name} label={`Pay for this ${noun} now`} />
        <Typography variant="body2" color="text.secondary">
          {payNow
            ? `Once the ${noun} is created, you go to the checkout for its plan's monthly price.`
            : `The ${noun} is created without going to the checkout.`}
        </Typography>
      </div>
    </>
  );
}
