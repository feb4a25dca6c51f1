import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type Money } from '@/lib/money.ts';

// A table footer's cells are small and muted by default: its subtotals read as the body's rows, and the total
// as the table's strongest line.
function FooterRow({ name, amount, bold = false }: { name: string; amount: Money; bold?: boolean }) {
  const cell = { typography: 'body2', color: 'text.primary', fontWeight: bold ? 700 : undefined };
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ ...cell, pl: 0 }}>
        {name}
      </TableCell>
      <TableCell align="right" sx={{ ...cell, pr: 0, whiteSpace: 'nowrap' }}>
        {formatMoney(amount)}
      </TableCell>
    </TableRow>
  );
}

/**
 * Amounts as a table with their total: the costs the chart shows, to read, and an invoice's lines. Rows are
 * in the given order, keyed by place (two invoice lines may read the same); `subtotals` (an invoice's net and
 * VAT) come between them and the total.
 */
export function AmountTable({
  caption,
  label,
  heading,
  amountHeading,
  rows,
  subtotals = [],
  total,
}: {
  /** Shown above the table and naming it (`Cost by namespace`); without one, `label` names it. */
  caption?: string;
  label?: string;
  /** The first column's heading: what each row is. */
  heading: string;
  amountHeading: string;
  rows: readonly { name: string; amount: Money }[];
  subtotals?: readonly { name: string; amount: Money }[];
  total: Money;
}) {
  return (
    <Table
      size="small"
      aria-label={caption ? undefined : label}
      sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0 } }}
    >
      {caption && (
        <caption>
          <Typography component="span" variant="subtitle2" color="text.primary">
            {caption}
          </Typography>
        </caption>
      )}
      <TableHead>
        <TableRow>
          <TableCell sx={{ pl: 0 }}>{heading}</TableCell>
          <TableCell align="right" sx={{ pr: 0 }}>
            {amountHeading}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={index}>
            <TableCell component="th" scope="row" sx={{ pl: 0, overflowWrap: 'anywhere' }}>
              {row.name}
            </TableCell>
            <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
              {formatMoney(row.amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {subtotals.map((row) => (
          <FooterRow key={row.name} name={row.name} amount={row.amount} />
        ))}
        <FooterRow name="Total" amount={total} bold />
      </TableFooter>
    </Table>
  );
}
