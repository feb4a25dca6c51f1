import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from './tooltip.tsx';
import { mdiCheck, mdiContentCopy } from '@mdi/js';
import { MdiIcon } from './mdi-icon.tsx';

/** Copies `value` to the clipboard; the icon turns into a tick for a moment to say it worked. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    });
  return (
    <Tooltip title={copied ? 'Copied' : label}>
      <IconButton size="small" onClick={copy} aria-label={label}>
        <MdiIcon
          path={copied ? mdiCheck : mdiContentCopy}
          fontSize="small"
          color={copied ? 'success' : 'inherit'}
        />
      </IconButton>
    </Tooltip>
  );
}
