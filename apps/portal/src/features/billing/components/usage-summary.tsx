import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingUsageQuery } from '@/gql/billing/graphql.ts';
import { formatMoney } from '@/lib/money.ts';
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

/** What the usage of a customer on the free start is: priced, so it can be seen, but not charged. */
function FreeStartUsage() {
  return (
    <Alert severity="info" variant="outlined">
      <AlertTitle>Free start: this usage is not charged</AlertTitle>
      It shows what your resources would cost. From the day you subscribe, usage is charged: each monthly
      invoice lists the base fee and the month’s usage.
    </Alert>
  );
}

/**
 * This month's usage: the cost so far and the forecast, then the cost by namespace and resource type as a
 * chart and as tables. On the free start (`freeStart`), that none of it is charged.
 */
export function UsageSummary({ usage, freeStart }: { usage: Usage; freeStart: boolean }) {
  const monthEnd = formatUsageEnd(usage.endDate);
  return (
    <>
      {freeStart && <FreeStartUsage />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Figure
          label="Cost so far"
          value={formatMoney(usage.cost)}
          note={freeStart ? 'Priced by the second of use, not charged' : 'Charged by the second of use'}
        />
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
