import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { CopyButton } from './copy-button.tsx';

/** Text to copy as it is: a connection string, a command, a few lines of code. */
export function CodeText({ code, copyLabel }: { code: string; copyLabel: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="pre"
        sx={{
          flex: 1,
          minWidth: 0,
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          fontFamily: 'monospace',
          fontSize: '0.8125rem',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <code>{code}</code>
      </Box>
      <CopyButton value={code} label={copyLabel} />
    </Stack>
  );
}
