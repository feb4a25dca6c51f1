import { Fragment, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Tooltip } from './tooltip.tsx';
import { mdiOpenInNew } from '@mdi/js';
import { CopyButton } from './copy-button.tsx';
import { MdiIcon } from './mdi-icon.tsx';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * The address in its parts, each kept whole and a break after each dot and slash: it wraps between its parts,
 * and a table's column is as narrow as its longest part, not one letter wide (breaking anywhere let a column
 * shrink so far that the address ran down the row a letter a line). A part longer than a phone's column
 * (a custom domain's label may have 63 letters) may still break within itself.
 */
const wholePartLength = 24;

function wrappedAtParts(address: string): ReactNode[] {
  return address.split(/(?<=[./])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      <span style={part.length <= wholePartLength ? { whiteSpace: 'nowrap' } : undefined}>{part}</span>
    </Fragment>
  ));
}

/**
 * A web address as a link that opens in a new tab, with a button that opens it there too (the link of a
 * long address may be cut or wrapped; the button is always in the same place) and one that copies it.
 */
export function CopyableAddress({ url }: { url: string }) {
  const openLabel = `Open ${url} in a new tab`;
  const shown = url.replace(/^https?:\/\//, '');
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {/* Named as one word: its parts are elements of their own, which some name computations space apart. */}
      <Link href={url} {...newTab} aria-label={shown} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {wrappedAtParts(shown)}
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
