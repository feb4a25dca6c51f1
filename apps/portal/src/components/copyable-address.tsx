import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { CopyButton } from './copy-button.tsx';

/** A web address as a link that opens in a new tab, with a button that copies it. */
export function CopyableAddress({ url }: { url: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Link href={url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
        {url.replace(/^https?:\/\//, '')}
      </Link>
      <CopyButton value={url} label={`Copy ${url}`} />
    </Stack>
  );
}
