import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Tooltip } from './tooltip.tsx';
import { mdiOpenInNew } from '@mdi/js';
import { CopyButton } from './copy-button.tsx';
import { MdiIcon } from './mdi-icon.tsx';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A web address as a link that opens in a new tab, with a button that opens it there too (the link of a
 * long address may be cut or wrapped; the button is always in the same place) and one that copies it.
 */
export function CopyableAddress({ url }: { url: string }) {
  const openLabel = `Open ${url} in a new tab`;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Link href={url} {...newTab} sx={{ overflowWrap: 'anywhere' }}>
        {url.replace(/^https?:\/\//, '')}
      </Link>
      <Tooltip title={openLabel}>
        <IconButton size="small" href={url} {...newTab} aria-label={openLabel}>
          <MdiIcon path={mdiOpenInNew} fontSize="small" />
        </IconButton>
      </Tooltip>
      <CopyButton value={url} label={`Copy ${url}`} />
    </Stack>
  );
}
