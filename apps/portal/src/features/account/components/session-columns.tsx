import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { RelativeTime } from '@/components/relative-time.tsx';
import type { ResourceColumn } from '@/components/resource-table.tsx';
import type { AccountSession } from '../api/sessions.ts';

/**
 * The sessions table's columns: the device (this one marked), its address (under the device on a phone),
 * when it was last seen, and signing any other one out.
 */
export function sessionColumns(
  now: Date,
  signOut: (session: AccountSession) => void,
  preload: () => void,
): ResourceColumn<AccountSession>[] {
  return [
    {
      id: 'device',
      header: 'Device',
      cell: (session) => (
        <>
          <Box
            component="span"
            sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            {session.device}
            {session.current && <Chip size="small" color="primary" variant="outlined" label="This device" />}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {session.address}
          </Typography>
        </>
      ),
    },
    { id: 'address', header: 'Address', hideBelow: 'sm', cell: (session) => session.address },
    {
      id: 'last-seen',
      header: 'Last seen',
      // Breaks between words only: the table's cells break anywhere, which split "second" on a phone.
      cell: (session) => (
        <Box component="span" sx={{ overflowWrap: 'normal' }}>
          <RelativeTime at={session.lastSeenAt} now={now} />
        </Box>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (session) =>
        session.current ? null : (
          <Button
            size="small"
            color="error"
            // Two sessions may share a device's name: the address tells them apart.
            aria-label={`Sign out ${session.device} at ${session.address}`}
            onClick={() => signOut(session)}
            onPointerEnter={preload}
            onFocus={preload}
          >
            Sign out
          </Button>
        ),
    },
  ];
}
