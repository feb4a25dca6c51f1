import { useId } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingUsageQuery } from '../../../gql/billing/graphql.ts';
import { formatMoney } from '../../../lib/money.ts';
import { formatUsageEnd } from './billing-format.ts';
import { AmountTable } from './amount-table.tsx';
import { UsageChart } from './usage-chart.tsx';
import { usageResourceTypeLabels } from './usage-types.ts';

type Usage = BillingUsageQuery['usage'];

/** A figure under its label, which names it for screen readers too. */
function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={labelId} variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {note}
      </Typography>
    </Box>
  );
}

/**
 * This month's usage: the cost so far and the forecast, then the cost by namespace and resource type as a
 * chart and as tables.
 */
export function UsageSummary({ usage }: { usage: Usage }) {
  const monthEnd = formatUsageEnd(usage.endDate);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Figure label="Cost so far" value={formatMoney(usage.cost)} note="Charged by the second of use" />
        <Figure
          label={`Forecast to ${monthEnd}`}
          value={formatMoney(usage.forecast)}
          note="If what runs now keeps running"
        />
      </Stack>
      {usage.namespaces.length === 0 ? (
        <Typography color="text.secondary">
          Nothing used this month yet. Running containers, job runs and volumes show here with what they cost.
        </Typography>
      ) : (
        <>
          <UsageChart usage={usage} />
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={{ xs: 3, md: 4 }}
            sx={{ alignItems: 'flex-start', '& > *': { flex: 1 } }}
          >
            <AmountTable
              caption="Cost by namespace"
              heading="Namespace"
              amountHeading="Cost"
              rows={usage.namespaces.map(({ name, cost }) => ({ name, amount: cost }))}
              total={usage.cost}
            />
            <AmountTable
              caption="Cost by resource type"
              heading="Resource type"
              amountHeading="Cost"
              rows={usage.byResourceType.map(({ resourceType, cost }) => ({
                name: usageResourceTypeLabels[resourceType],
                amount: cost,
              }))}
              total={usage.cost}
            />
          </Stack>
        </>
      )}
    </>
  );
}
