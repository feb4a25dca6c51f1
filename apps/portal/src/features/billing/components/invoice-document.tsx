import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { env } from '../../../config/env.ts';
import type { InvoiceQuery } from '../../../gql/billing/graphql.ts';
import { FactsList } from '../../../components/facts-list.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { formatDate, formatPeriod } from './billing-format.ts';
import { totalCell } from './cost-table.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';

/** The element the print style keeps: everything else on the page is left off the paper. */
export const invoiceDocumentId = 'invoice-document';

const Overline = ({ children }: { children: string }) => (
  <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 2 }}>
    {children}
  </Typography>
);

function Issuer() {
  const [name, ...address] = env.invoiceIssuer;
  return (
    <Box>
      <Overline>From</Overline>
      <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
      {address.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
    </Box>
  );
}

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

/** An invoice as a document: who issues it to whom, its number, dates and status, its lines and total. */
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
          <Issuer />
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
        <Table size="small" aria-label="Invoice lines">
          <TableHead>
            <TableRow>
              <TableCell sx={{ pl: 0 }}>Description</TableCell>
              <TableCell align="right" sx={{ pr: 0 }}>
                Amount
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((line, index) => (
              // Lines have no id, and two may read the same: their place tells them apart.
              <TableRow key={index}>
                <TableCell sx={{ pl: 0, overflowWrap: 'anywhere' }}>{line.description}</TableCell>
                <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
                  {formatMoney(line.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ ...totalCell, pl: 0 }}>
                Total
              </TableCell>
              <TableCell align="right" sx={{ ...totalCell, pr: 0, whiteSpace: 'nowrap' }}>
                {formatMoney(invoice.total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Stack>
    </Paper>
  );
}
