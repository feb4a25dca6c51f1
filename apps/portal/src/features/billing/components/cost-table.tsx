import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type Money } from '../../../lib/money.ts';

// A table footer's cells are small and muted by default; a total reads as the table's strongest line.
export const totalCell = { typography: 'body2', fontWeight: 700, color: 'text.primary' } as const;

/** Costs as a table with their total: what the chart shows, to read. */
export function CostTable({
  caption,
  heading,
  rows,
  total,
}: {
  /** `Cost by namespace`. */
  caption: string;
  /** The first column's heading: what each row is. */
  heading: string;
  rows: readonly { name: string; cost: Money }[];
  total: Money;
}) {
  return (
    <Table size="small" sx={{ '& caption': { captionSide: 'top', px: 0, pt: 0 } }}>
      <caption>
        <Typography component="span" variant="subtitle2" color="text.primary">
          {caption}
        </Typography>
      </caption>
      <TableHead>
        <TableRow>
          <TableCell sx={{ pl: 0 }}>{heading}</TableCell>
          <TableCell align="right" sx={{ pr: 0 }}>
            Cost
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.name}>
            <TableCell component="th" scope="row" sx={{ pl: 0, overflowWrap: 'anywhere' }}>
              {row.name}
            </TableCell>
            <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
              {formatMoney(row.cost)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell component="th" scope="row" sx={{ ...totalCell, pl: 0 }}>
            Total
          </TableCell>
          <TableCell align="right" sx={{ ...totalCell, pr: 0 }}>
            {formatMoney(total)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
