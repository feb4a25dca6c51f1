import { Fragment, useState, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A dialog holding a form, full screen on a phone. Each opening is a new form, so nothing typed or chosen
 * carries over into the next; it stays mounted until the dialog has faded out, so the dialog does not empty
 * while it fades.
 */
export function FormDialog({
  open,
  pending,
  dismissible = true,
  onClose,
  children,
}: {
  open: boolean;
  /** The form's action is under way: the dialog stays until it is done. */
  pending?: boolean;
  /** False: a click outside or Escape does not close it, only its own buttons (what it shows is shown once). */
  dismissible?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [openings, setOpenings] = useState({ open, count: 0 });
  if (open !== openings.open) setOpenings({ open, count: openings.count + (open ? 1 : 0) });
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  return (
    <Dialog
      open={open}
      onClose={pending || !dismissible ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setShown(false) } }}
    >
      {shown && <Fragment key={openings.count}>{children}</Fragment>}
    </Dialog>
  );
}

/**
 * A dialog's buttons. On a phone they stack, the action on top, as the forms' do: side by side, two-word
 * labels would break over two lines each.
 */
export function DialogButtons({ sx, children }: { sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <DialogActions
      disableSpacing
      sx={[
        {
          px: 3,
          pb: 2,
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </DialogActions>
  );
}
