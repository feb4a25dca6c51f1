import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { mdiWifiOff } from '@mdi/js';
import { MdiIcon } from '../mdi-icon.tsx';
import { useOnline } from './use-online.ts';

/**
 * Says the browser is offline for as long as it is. It is a status, not an alert: screen readers tell it
 * when it appears without interrupting, and it goes as soon as the connection is back. Built without MUI's
 * Alert, whose code the first screen does not load (components/on-demand-alert.tsx): this one must be there
 * before the connection goes.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            mb: 2,
            px: 2,
            py: 1.5,
            borderRadius: 1,
            bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12),
          }}
        >
          <MdiIcon path={mdiWifiOff} sx={{ color: 'warning.main', flexShrink: 0 }} />
          <Typography variant="body2">
            You are offline. Pages not opened yet cannot load, and changes are not sent until the connection
            is back.
          </Typography>
        </Box>
      )}
    </div>
  );
}
