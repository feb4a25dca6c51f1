import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { PlanPicker } from '@/components/pricing/plan-picker.tsx';
import type { QueuePlan } from '../api/get-queue-offer.ts';
import type { QueueCreateValues } from './queue-create-schema.ts';
import { benchmarkText, planSize } from './queue-offer.ts';

/** The queue's plans by group: each with its size, replicas and what one broker of it sustains. */
export function QueuePlanPicker({
  control,
  plans,
}: {
  control: Control<QueueCreateValues>;
  plans: readonly QueuePlan[];
}) {
  return (
    <PlanPicker
      control={control}
      name="plan"
      plans={plans}
      details={(plan) => (
        <>
          {planSize(plan)}
          {plan.benchmark && (
            <Box component="span" sx={{ display: 'block' }}>
              {benchmarkText(plan.benchmark)}
            </Box>
          )}
        </>
      )}
    />
  );
}
