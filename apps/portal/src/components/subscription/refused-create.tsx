import { useId } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Area } from '@berth/rules';
import { mdiPlus } from '@mdi/js';
import type { Refusal } from '../../lib/auth/refusal.ts';
import { MdiIcon } from '../mdi-icon.tsx';
import { NextStepLink } from './next-step-link.tsx';

/**
 * A create button the access policy refuses (an unconfirmed address, a suspension): shown disabled, with the
 * API's sentence under it and the way to what it asks, so the customer knows why and where to go.
 */
export function RefusedCreate({ label, refusal, area }: { label: string; refusal: Refusal; area: Area }) {
  const reasonId = useId();
  return (
    // On a phone the list's action row is a line of its own: the button fills it, as the upgrade's does.
    <Stack
      spacing={1}
      sx={{
        alignItems: { xs: 'stretch', sm: 'flex-end' },
        flexGrow: { xs: 1, sm: 0 },
        maxWidth: { sm: 420 },
      }}
    >
      <Button variant="contained" disabled startIcon={<MdiIcon path={mdiPlus} />} aria-describedby={reasonId}>
        {label}
      </Button>
      <Typography
        id={reasonId}
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: { sm: 'right' }, textWrap: 'balance' }}
      >
        {refusal.message}
      </Typography>
      <NextStepLink refusal={refusal} area={area} variant="outlined" sx={{ alignSelf: { sm: 'flex-end' } }} />
    </Stack>
  );
}
