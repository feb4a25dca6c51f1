import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatMonthlyPrice } from '../../lib/money.ts';
import { RadioCard } from '../radio-card.tsx';
import { planMonthlyPrice, plansByGroup, type PlanPrice } from './plan-text.ts';

/** What the picker shows of every plan: its name, group and monthly price; `details` says the rest. */
export interface PickablePlan extends PlanPrice {
  id: string;
  name: string;
  group: string;
}

/**
 * The plans of a resource with a plan of its own (a database cluster, a message queue) as cards of one radio
 * group, under their group's heading: what each gives (`details`) and costs a month. Real radio buttons, so
 * the arrow keys move between plans and a screen reader reads each card as one.
 */
export function PlanPicker<TValues extends FieldValues, TPlan extends PickablePlan>({
  control,
  name,
  plans,
  details,
}: {
  control: Control<TValues>;
  /** The field holding the chosen plan's id (empty until one is chosen). */
  name: FieldPath<TValues>;
  plans: readonly TPlan[];
  details: (plan: TPlan) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const labelId = useId();
  return (
    <FormControl component="fieldset" error={fieldState.invalid} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        Plan
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        sx={{ gap: 2 }}
      >
        {plansByGroup(plans).map(({ group, plans: groupPlans }) => (
          <Box key={group}>
            <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
              {group}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {groupPlans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} selected={plan.id === field.value}>
                  {details(plan)}
                </PlanCard>
              ))}
            </Box>
          </Box>
        ))}
      </RadioGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

function PlanCard({
  plan,
  selected,
  children,
}: {
  plan: PickablePlan;
  selected: boolean;
  children: ReactNode;
}) {
  const detailsId = useId();
  const price = planMonthlyPrice(plan);
  return (
    <RadioCard selected={selected} sx={{ alignItems: 'flex-start', p: 1.5, pl: 0.5 }}>
      <Radio value={plan.id} slotProps={{ input: { 'aria-describedby': detailsId } }} sx={{ mt: -0.5 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
        <Typography id={detailsId} variant="body2" color="text.secondary">
          {children}
          <Box component="span" sx={{ display: 'block', color: 'text.primary', fontWeight: 600, mt: 0.5 }}>
            {price ? formatMonthlyPrice(price) : 'No price listed'}
          </Box>
        </Typography>
      </Box>
    </RadioCard>
  );
}
