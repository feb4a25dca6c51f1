import { LoadingBlock } from '../../../components/loading-block.tsx';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error.tsx';
import { Section } from '@/components/section.tsx';
import { useAccess } from '@/lib/auth/queries.ts';
import { billingUsageQueryOptions } from '../api/get-usage.ts';
import { formatUsagePeriod } from '../components/billing-format.ts';
import { UsageSummary } from '../components/usage-summary.tsx';

/** This month's usage cost, named by its days once they are known; on the free start, that it is not charged. */
export function UsageSection() {
  const usage = useQuery(billingUsageQueryOptions);
  const freeStart = useAccess()?.restricted === true;
  const period = usage.data && formatUsagePeriod(usage.data.startDate, usage.data.endDate);
  return (
    <Section title="Usage this month" description={period}>
      {usage.isError ? (
        <LoadError title="Usage could not be loaded" onRetry={usage.refetch} />
      ) : usage.data ? (
        <UsageSummary usage={usage.data} freeStart={freeStart} />
      ) : (
        <LoadingBlock label="Loading usage" height={200} />
      )}
    </Section>
  );
}
