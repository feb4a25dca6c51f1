import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CopyButton } from '@/components/copy-button.tsx';

export const monospace = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.875rem',
};

/** A value a tool needs (an address, a client ID or secret), in monospace with a button that copies it. */
export function CopyableValue({ value, label }: { value: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box component="code" sx={{ ...monospace, overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Box>
      <CopyButton value={value} label={label} />
    </Stack>
  );
}
