import type { Control } from 'react-hook-form';
import { PlanPicker } from '@/components/pricing/plan-picker.tsx';
import { planReplicas, planResources } from '@/components/pricing/plan-text.ts';
import type { ClusterPlan } from '../api/get-cluster-offer.ts';
import type { ClusterCreateValues } from './cluster-create-schema.ts';

/** The cluster's plans, each with its size and replicas, by group. */
export function ClusterPlanPicker({
  control,
  plans,
}: {
  control: Control<ClusterCreateValues>;
  plans: readonly ClusterPlan[];
}) {
  return (
    <PlanPicker
      control={control}
      name="plan"
      plans={plans}
      details={(plan) => `${planResources(plan)} · ${planReplicas(plan.replicas)}`}
    />
  );
}
