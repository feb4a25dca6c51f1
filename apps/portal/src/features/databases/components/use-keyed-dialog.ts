import { useState } from 'react';

/**
 * The dialog shown over a table (`shown` says which, and for what), kept while it fades out after closing; a
 * new `key` at each opening makes it a fresh form.
 */
export function useKeyedDialog<TShown extends object = object>() {
  const [dialog, setDialog] = useState<(TShown & { open: boolean; key: number }) | null>(null);
  const open = (shown: TShown) =>
    setDialog((previous) => ({ ...shown, open: true, key: (previous?.key ?? 0) + 1 }));
  const close = () => setDialog((previous) => previous && { ...previous, open: false });
  return { dialog, open, close };
}
