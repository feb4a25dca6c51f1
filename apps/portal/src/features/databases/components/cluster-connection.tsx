import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { mdiEyeOffOutline, mdiEyeOutline } from '@mdi/js';
import { CodeText } from '@/components/code-text.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { useRevealCredentials } from '../api/get-cluster-user-credentials.ts';
import type { ClusterAddress, ClusterDetails } from '../api/get-cluster.ts';
import { connectionSnippets } from './cluster-snippets.ts';

/**
 * How to connect as one of the cluster's users. The password is asked for only when the customer reveals
 * it (the platform records each time), and forgotten when another user is picked, when it is hidden again,
 * or when the page is left. `offer` counts the times the page offered the reveal (a user was added, a
 * password reset): each brings the reveal button into view, focused.
 */
export function ClusterConnection({
  cluster,
  address,
  user,
  onUserChange,
  offer,
}: {
  cluster: ClusterDetails;
  address: ClusterAddress;
  user: string;
  onUserChange: (user: string) => void;
  offer: number;
}) {
  const reveal = useRevealCredentials();
  const { reset: forget } = reveal;
  const revealButton = useRef<HTMLButtonElement>(null);

  useEffect(forget, [user, forget]);
  useEffect(() => {
    if (offer === 0) return;
    revealButton.current?.scrollIntoView({ block: 'center' });
    revealButton.current?.focus();
  }, [offer]);

  const dsn = reveal.variables?.username === user ? reveal.data : undefined;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label="User"
          value={user}
          onChange={(event) => onUserChange(event.target.value)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 200 }}
        >
          {cluster.users.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </TextField>
        {/* One button that reveals and hides, so the focus stays on it. */}
        <Button
          ref={revealButton}
          variant={dsn === undefined ? 'contained' : 'outlined'}
          startIcon={<MdiIcon path={dsn === undefined ? mdiEyeOutline : mdiEyeOffOutline} />}
          disabled={reveal.isPending}
          sx={{ flexShrink: 0 }}
          onClick={() => (dsn === undefined ? reveal.mutate({ cluster: address, username: user }) : forget())}
        >
          {reveal.isPending
            ? 'Revealing…'
            : dsn === undefined
              ? 'Reveal connection string'
              : 'Hide connection string'}
        </Button>
      </Stack>
      {dsn === undefined ? (
        <Typography variant="body2" color="text.secondary">
          The connection string includes the user&apos;s password. Each reveal is recorded in the audit log.
        </Typography>
      ) : (
        <Stack spacing={2} aria-label={`How to connect as ${user}`} role="group" data-secret>
          <div>
            <Typography variant="subtitle2" component="h3">
              Connection string
            </Typography>
            <CodeText code={dsn} copyLabel={`Copy connection string of ${user}`} />
          </div>
          {connectionSnippets(dsn).map((snippet) => (
            <div key={snippet.label}>
              <Typography variant="subtitle2" component="h3">
                {snippet.label}
              </Typography>
              <CodeText code={snippet.code} copyLabel={`Copy ${snippet.label} snippet`} />
            </div>
          ))}
        </Stack>
      )}
    </>
  );
}
