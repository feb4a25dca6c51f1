import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { StateChip } from './state-chip.tsx';
import { TruncatedName } from './truncated-name.tsx';

// What every page of one resource (a namespace, a container, a database...) shows while it loads, and its
// heading once it has: the name, cut if too long, beside its state.

export function ResourcePageLoading({ label }: { label: string }) {
  return (
    <Stack spacing={2} role="progressbar" aria-busy="true" aria-label={label}>
      <Skeleton variant="text" width="40%" sx={{ fontSize: '2.5rem' }} />
      <Skeleton variant="rectangular" height={200} />
    </Stack>
  );
}

export function NameWithState({ name, state }: { name: string; state: string }) {
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <TruncatedName name={name} sx={{ maxWidth: '100%' }} />
      <StateChip state={state} />
    </Stack>
  );
}
