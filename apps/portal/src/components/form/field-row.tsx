import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Fields side by side from a breakpoint on, stacked below it. A grid, not a flex row: select fields would
 * otherwise take the row's free space from the text fields next to them.
 */
export function FieldRow({
  columns,
  from = 'sm',
  children,
}: {
  columns: string;
  from?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', [from]: columns },
      }}
    >
      {children}
    </Box>
  );
}
