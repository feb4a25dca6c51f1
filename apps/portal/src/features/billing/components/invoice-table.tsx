import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InvoicesQuery } from '@/gql/billing/graphql.ts';
import { TextLink } from '@/components/router-links.tsx';
import { formatMoney } from '@/lib/money.ts';
import { formatDate, formatPeriod } from './billing-format.ts';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';

// Below 600 px the date and period columns would crowd the number: the date goes under the number instead.
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The invoices, newest first, each number a link to its printable page. */
export function InvoiceTable({ invoices }: { invoices: InvoicesQuery['invoices'] }) {
  return (
    <Table size="small" aria-label="Invoices">
      <TableHead>
        <TableRow>
          <TableCell sx={{ pl: 0 }}>Number</TableCell>
          <TableCell sx={wideOnly}>Date</TableCell>
          <TableCell sx={wideOnly}>Period</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell sx={{ pr: 0 }}>Status</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell component="th" scope="row" sx={{ pl: 0 }}>
              <TextLink
                to="/account/billing/invoices/$number"
                params={{ number: invoice.number }}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {invoice.number}
              </TextLink>
              <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                {formatDate(invoice.issuedAt)}
              </Typography>
            </TableCell>
            <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatDate(invoice.issuedAt)}</TableCell>
            <TableCell sx={wideOnly}>{formatPeriod(invoice.periodStart, invoice.periodEnd)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(invoice.total)}
            </TableCell>
            <TableCell sx={{ pr: 0 }}>
              <InvoiceStatusChip status={invoice.status} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
