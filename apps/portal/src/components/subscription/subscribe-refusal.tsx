import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Refusal } from '../../lib/auth/refusal.ts';
import { NextStepLink } from './next-step-link.tsx';

/**
 * In place of a checkout the policy refuses (`useRefusal('billing', 'create')`, an unconfirmed email address):
 * the API's sentence and the way to what it asks.
 */
export function SubscribeRefusal({
  refusal,
  align = 'flex-start',
}: {
  refusal: Refusal;
  align?: 'flex-start' | 'flex-end';
}) {
  return (
    <Stack spacing={1} sx={{ alignItems: align, maxWidth: 480 }}>
      <Typography variant="body2">{refusal.message}</Typography>
      <NextStepLink refusal={refusal} area="billing" variant="outlined" />
    </Stack>
  );
}
