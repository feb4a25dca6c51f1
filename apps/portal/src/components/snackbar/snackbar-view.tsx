import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import IconButton from '@mui/material/IconButton';
import { MdiIcon } from '../mdi-icon.tsx';
import { mdiClose } from '@mdi/js';
import { closeSnackbar, type SnackbarColor, type SnackbarMessage } from './snackbar-store.ts';

const paletteKey: Record<
  SnackbarColor,
  'secondary' | 'snackbarError' | 'snackbarWarning' | 'snackbarSuccess'
> = {
  secondary: 'secondary',
  error: 'snackbarError',
  warning: 'snackbarWarning',
  success: 'snackbarSuccess',
};

export function SnackbarView({ snackbar }: { snackbar: SnackbarMessage }) {
  const key = paletteKey[snackbar.color];
  const close = (_event?: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page must not dismiss a message the customer has not read yet.
    if (reason !== 'clickaway') closeSnackbar(snackbar.id);
  };
  return (
    <Snackbar
      key={snackbar.id}
      open
      autoHideDuration={snackbar.timeoutMs}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <SnackbarContent
        role={snackbar.color === 'error' || snackbar.color === 'warning' ? 'alert' : 'status'}
        data-color={snackbar.color}
        message={snackbar.message}
        sx={{
          bgcolor: `${key}.main`,
          color: `${key}.contrastText`,
          fontSize: '1rem',
          borderRadius: 0,
          // MUI wraps the close button under a long message; it stays at the end of the message's line instead.
          flexWrap: 'nowrap',
          '& .MuiSnackbarContent-message': { minWidth: 0, overflowWrap: 'break-word' },
        }}
        action={
          <IconButton
            aria-label="Close message"
            color="inherit"
            size="small"
            onClick={() => closeSnackbar(snackbar.id)}
          >
            <MdiIcon path={mdiClose} fontSize="small" />
          </IconButton>
        }
      />
    </Snackbar>
  );
}
