import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * One choice of a radio group as a bordered card that is its radio's label: pressing anywhere on it chooses
 * it, and it shows when it is chosen. `sx` lays out its content.
 */
export function RadioCard({
  selected,
  sx,
  children,
}: {
  selected: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      component="label"
      sx={[
        {
          display: 'flex',
          gap: 1,
          border: 1,
          borderRadius: 1,
          cursor: 'pointer',
          borderColor: selected ? 'primary.main' : 'divider',
          bgcolor: selected ? 'action.selected' : undefined,
          '&:hover': { borderColor: 'primary.main' },
          // The focus is on the radio inside; the whole card shows it.
          '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
