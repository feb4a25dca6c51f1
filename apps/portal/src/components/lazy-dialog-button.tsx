import { Suspense, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';

/**
 * A button that opens a dialog whose code comes with the first press, or with pointing at or focusing the
 * button (`preload`), not with the page. The dialog is mounted from the first press on, so that it fades out
 * rather than vanishing when closed.
 */
export function LazyDialogButton({
  label,
  busy,
  preload,
  onOpen,
  dialog,
}: {
  label: string;
  /** What the dialog does is under way: it is not opened again meanwhile. */
  busy: boolean;
  preload: () => void;
  /** Before each opening, such as forgetting the last attempt's outcome. */
  onOpen?: () => void;
  /** The dialog (lazy, under Suspense): whether it is open, and how it closes. */
  dialog: (open: boolean, close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const press = () => {
    onOpen?.();
    setAsked(true);
    setOpen(true);
  };
  return (
    <>
      <Button
        variant="outlined"
        disabled={busy}
        onClick={press}
        onPointerEnter={preload}
        onFocus={preload}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
      {asked && <Suspense>{dialog(open, () => setOpen(false))}</Suspense>}
    </>
  );
}
