import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '../tooltip.tsx';
import { mdiDeleteOutline, mdiPlus } from '@mdi/js';
import { MdiIcon } from '../mdi-icon.tsx';

// The parts of a form section that edits a list (variables, mounts, web addresses): items that can be
// removed one by one, and a button that adds one.

/** One item of a list section: its fields, and a button that removes it, named after what it removes. */
export function ListItem({
  children,
  label,
  onRemove,
}: {
  children: ReactNode;
  /** Names the item's group of fields, and its remove button ("Remove {label}"). */
  label: string;
  onRemove: () => void;
}) {
  const removeLabel = `Remove ${label}`;
  return (
    <Stack
      role="group"
      aria-label={label}
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'flex-start',
        borderTop: 1,
        borderColor: 'divider',
        pt: 2,
        '&:first-of-type': { borderTop: 0, pt: 0 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Tooltip title={removeLabel}>
        <IconButton aria-label={removeLabel} onClick={onRemove} sx={{ mt: 1 }}>
          <MdiIcon path={mdiDeleteOutline} />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Adds an item, here or to a table such as a resource's members, on its own line at the start. */
export function AddButton({
  children,
  icon = mdiPlus,
  onClick,
  disabled,
}: {
  children: ReactNode;
  /** What is added, where a plus would not say. */
  icon?: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <div>
      <Button variant="outlined" startIcon={<MdiIcon path={icon} />} onClick={onClick} disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
