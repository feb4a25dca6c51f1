import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error.tsx';
import { Section } from '@/components/section.tsx';
import { unpaidResourcesQueryOptions } from '../api/get-unpaid-resources.ts';
import { UnpaidResourceList } from '../components/unpaid-resource-list.tsx';

/**
 * Issue 24, pay later: what runs without its plan paid for, why it stops (or stopped), and a way to pay for
 * each. Nothing while loading or when everything is paid for; a failure says so, since it may hide a stop.
 */
export function UnpaidSection() {
  const unpaid = useQuery(unpaidResourcesQueryOptions);
  if (unpaid.isError) {
    return (
      <Section title="Unpaid">
        <LoadError title="Unpaid resources could not be loaded" onRetry={unpaid.refetch} />
      </Section>
    );
  }
  if (!unpaid.data?.length) return null;
  return (
    <Section
      title="Unpaid"
      description="These run without their plan being paid for. Paying starts the plan's subscription."
    >
      <UnpaidResourceList resources={unpaid.data} />
    </Section>
  );
}
