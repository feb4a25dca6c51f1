import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceQuery } from '@/gql/billing/graphql.ts';
import { FactsList } from '@/components/facts-list.tsx';
import { formatDate, formatPeriod } from './billing-format.ts';
import { AmountTable } from './amount-table.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';

/** The element the print style keeps: everything else on the page is left off the paper. */
export const invoiceDocumentId = 'invoice-document';

const Overline = ({ children }: { children: string }) => (
  <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 2 }}>
    {children}
  </Typography>
);

function Issuer({ issuer }: { issuer: InvoiceQuery['invoice']['issuer'] }) {
  return (
    <Box>
      <Overline>From</Overline>
      <Typography sx={{ fontWeight: 700 }}>{issuer.name}</Typography>
      {issuer.address.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
      {issuer.vatNumber && <Typography>VAT number {issuer.vatNumber}</Typography>}
    </Box>
  );
}

/** "VAT 19 %", or "VAT" when the provider reported no single rate (as the PDF says it). */
const taxLabel = (ratePercent: number | null) =>
  ratePercent === null ? 'VAT' : `VAT ${String(ratePercent)} %`;

function Customer({ details }: { details: InvoiceQuery['billingDetails'] }) {
  return (
    <Box>
      <Overline>Billed to</Overline>
      {details ? (
        <>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{details.companyName}</Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{details.address}</Typography>
          {details.vatNumber && <Typography>VAT number {details.vatNumber}</Typography>}
          <Typography sx={{ overflowWrap: 'anywhere' }}>{details.invoiceEmail}</Typography>
        </>
      ) : (
        <Typography color="text.secondary">
          No billing details saved. Add them with Update billing details on the Billing page.
        </Typography>
      )}
    </Box>
  );
}

/** An invoice as a document: who issues it to whom, its number, dates and status, its lines, VAT and total. */
export function InvoiceDocument({
  invoice,
  details,
}: {
  invoice: InvoiceQuery['invoice'];
  details: InvoiceQuery['billingDetails'];
}) {
  return (
    <Paper id={invoiceDocumentId} variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={4}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
          <Issuer issuer={invoice.issuer} />
          <Customer details={details} />
        </Stack>
        <FactsList
          facts={[
            { term: 'Invoice number', value: invoice.number },
            { term: 'Issued', value: formatDate(invoice.issuedAt) },
            { term: 'Period', value: formatPeriod(invoice.periodStart, invoice.periodEnd) },
            { term: 'Status', value: <InvoiceStatusChip status={invoice.status} /> },
          ]}
        />
        <AmountTable
          label="Invoice lines"
          heading="Description"
          amountHeading="Amount"
          rows={invoice.lines.map(({ description, amount }) => ({ name: description, amount }))}
          subtotals={[
            { name: 'Subtotal (net)', amount: invoice.subtotal },
            { name: taxLabel(invoice.taxRatePercent), amount: invoice.tax },
          ]}
          total={invoice.total}
        />
      </Stack>
    </Paper>
  );
}
