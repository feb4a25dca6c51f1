import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CopyButton } from './copy-button.tsx';

/** A value to paste elsewhere (a host, a port, a connection string), with a button that copies it. */
export function CopyableText({ text, label, code = false }: { text: string; label: string; code?: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box component={code ? 'code' : 'span'} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {text}
      </Box>
      <CopyButton value={text} label={label} />
    </Stack>
  );
}
