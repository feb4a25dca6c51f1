import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiInformationOutline } from '@mdi/js';
import { useAccess } from '../../lib/auth/queries.ts';
import { MdiIcon } from '../mdi-icon.tsx';

/**
 * Beside prices, for a customer on the free start (restricted access, no subscription): that nothing is
 * charged yet, and that the prices are what a subscription will charge. Nothing for anyone else.
 */
export function FreeStartNote({ children }: { children: string }) {
  const access = useAccess();
  if (!access?.restricted) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
      <MdiIcon path={mdiInformationOutline} fontSize="small" sx={{ mt: '1px' }} />
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}
