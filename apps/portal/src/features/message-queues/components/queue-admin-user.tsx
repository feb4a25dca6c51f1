import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiEyeOffOutline, mdiEyeOutline } from '@mdi/js';
import { CodeText } from '@/components/code-text.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { ResetPasswordAction } from '@/components/reset-password-action.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { StateChip } from '@/components/state-chip.tsx';
import { useRevealQueueCredentials } from '../api/get-queue-user-credentials.ts';
import type { QueueAddress } from '../api/get-queue.ts';
import { useResetQueueUserPassword } from '../api/reset-queue-password.ts';
import { amqpSnippets } from './queue-snippets.ts';

/**
 * The queue's admin user: its AMQP address with the password, asked for only when the customer reveals it
 * (the platform records each time) and forgotten when it is hidden again or the page is left; and a new
 * password, which the platform makes, after a confirmation. `offer` counts the times the page offered the
 * reveal (a password reset): each brings the reveal button into view, focused.
 */
export function QueueAdminUser({
  address,
  user,
  locked,
  offer,
  onReset,
}: {
  address: QueueAddress;
  user: { name: string; status: string };
  locked: boolean;
  offer: number;
  onReset: () => void;
}) {
  const reveal = useRevealQueueCredentials();
  const { reset: forget } = reveal;
  const revealButton = useRef<HTMLButtonElement>(null);
  const resetPassword = useResetQueueUserPassword(address);

  useEffect(() => {
    if (offer === 0) return;
    // What was revealed before the reset is the old password.
    forget();
    revealButton.current?.scrollIntoView({ block: 'center' });
    revealButton.current?.focus();
  }, [offer, forget]);

  const dsn = reveal.data;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
        <StateChip state={user.status} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {/* One button that reveals and hides, so the focus stays on it. */}
        <Button
          ref={revealButton}
          variant={dsn === undefined ? 'contained' : 'outlined'}
          startIcon={<MdiIcon path={dsn === undefined ? mdiEyeOutline : mdiEyeOffOutline} />}
          disabled={reveal.isPending}
          sx={{ flexShrink: 0 }}
          onClick={() =>
            dsn === undefined ? reveal.mutate({ queue: address, username: user.name }) : forget()
          }
        >
          {reveal.isPending ? 'Revealing…' : dsn === undefined ? 'Reveal AMQP address' : 'Hide AMQP address'}
        </Button>
        <ResetPasswordAction
          user={user.name}
          description={`${user.name} gets a new password, made by the platform, and the current one stops working: applications that connect as ${user.name} need the new AMQP address.`}
          mutation={resetPassword}
          variables={() => user.name}
          disabled={locked}
          trigger="button"
          onReset={(name) => {
            showSnackbar(`${name} has a new password: reveal the AMQP address to see it`, 'success');
            onReset();
          }}
        />
      </Stack>
      {dsn === undefined ? (
        <Typography variant="body2" color="text.secondary">
          The AMQP address with the password connects as {user.name}. Each reveal is recorded in the audit
          log.
        </Typography>
      ) : (
        <Stack spacing={2} aria-label={`How to connect as ${user.name}`} role="group" data-secret>
          <div>
            <Typography variant="subtitle2" component="h3">
              AMQP address with password
            </Typography>
            <CodeText code={dsn} copyLabel={`Copy AMQP address of ${user.name}`} />
          </div>
          {amqpSnippets(dsn).map((snippet) => (
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
