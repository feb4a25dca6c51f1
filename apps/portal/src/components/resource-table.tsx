import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

export interface ResourceColumn<TRow> {
  id: string;
  header: string;
  cell: (row: TRow) => ReactNode;
  /** What the column sorts by; a list view offers sorting by the columns that have one. */
  value?: (row: TRow) => string | number;
  /** Narrow screens drop secondary columns instead of scrolling sideways. */
  hideBelow?: 'sm' | 'md' | 'lg';
  /** Right for numbers, which are then kept on one line. */
  align?: 'left' | 'right';
  /** Room the column keeps from a width up, before other columns take it (e.g. the name on wide screens). */
  minWidth?: Partial<Record<'md' | 'lg', string>>;
}

export interface TableSort {
  columnId: string;
  direction: 'asc' | 'desc';
}

interface ResourceTableProps<TRow> {
  label: string;
  columns: readonly ResourceColumn<TRow>[];
  rows: readonly TRow[] | undefined;
  rowKey: (row: TRow) => string;
  /** Shown instead of the table when the list is loaded and empty. */
  empty: ReactNode;
  /** The order the rows are in, marked on its column's header; `onSort` makes sortable headers buttons. */
  sort?: TableSort | null;
  onSort?: (columnId: string) => void;
}

const loadingRowCount = 3;

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The columns this screen's width shows. Those it hides are not rendered at all rather than only hidden: on a
 * phone that is most cells of the table, and the work of the list's first render.
 */
function useShownColumns<TRow>(columns: readonly ResourceColumn<TRow>[]): readonly ResourceColumn<TRow>[] {
  const below = {
    sm: useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true }),
    md: useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true }),
    lg: useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true }),
  };
  return columns.filter((column) => !column.hideBelow || !below[column.hideBelow]);
}

/**
 * A table of resources given its column definitions. All rows are shown, with no paging and no footer
 * (SPEC §9).
 */
export function ResourceTable<TRow>({
  label,
  columns: allColumns,
  rows,
  rowKey,
  empty,
  sort,
  onSort,
}: ResourceTableProps<TRow>) {
  const columns = useShownColumns(allColumns);
  if (rows?.length === 0) return empty;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Table aria-label={label} aria-busy={rows === undefined} sx={{ tableLayout: 'auto' }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const sorted = sort?.columnId === column.id ? sort.direction : undefined;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  // A number's header stays on one line over it too (`Monthly cost`, not `Monthly` over `cost`).
                  sx={{
                    ...(column.align === 'right' && { whiteSpace: 'nowrap' }),
                    ...(column.minWidth && { minWidth: column.minWidth }),
                  }}
                  aria-sort={sorted && ariaSort[sorted]}
                >
                  {onSort && column.value ? (
                    <TableSortLabel
                      active={sorted !== undefined}
                      direction={sorted ?? 'asc'}
                      onClick={() => onSort(column.id)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows
            ? rows.map((row) => (
                <TableRow key={rowKey(row)} hover>
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      // Right-aligned columns hold numbers, which never break; other text breaks anywhere
                      // rather than widen the table past the screen.
                      sx={column.align === 'right' ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : Array.from({ length: loadingRowCount }, (_, index) => (
                <TableRow key={index}>
                  {columns.map((column) => (
                    <TableCell key={column.id}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
