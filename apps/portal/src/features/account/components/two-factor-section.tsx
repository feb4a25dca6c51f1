import { lazy, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LazyDialogButton } from '@/components/lazy-dialog-button.tsx';
import { Section } from '@/components/section.tsx';
import { formatDateTime } from '@/lib/format.ts';
import type { TwoFactorStatus } from '../api/sign-in-status.ts';
import { SetUpButton, useTwoFactorSetUp } from './set-up-two-factor.tsx';

// The dialogs' code (the form, its checks) comes with the first press, or pointing at a button.
const loadRecoveryCodesDialog = () => import('./recovery-codes-dialog.tsx');
const RecoveryCodesDialog = lazy(() =>
  loadRecoveryCodesDialog().then((module) => ({ default: module.RecoveryCodesDialog })),
);
const loadTurnOffDialog = () => import('./turn-off-dialog.tsx');
const TurnOffDialog = lazy(() => loadTurnOffDialog().then((module) => ({ default: module.TurnOffDialog })));
const preloadRecoveryCodes = () => void loadRecoveryCodesDialog().catch(() => undefined);
const preloadTurnOff = () => void loadTurnOffDialog().catch(() => undefined);

/** Few enough recovery codes left to say so: losing the phone could then lock the owner out. */
const fewCodesLeft = 2;

function codesLeftText(count: number): string {
  if (count === 0) return 'No recovery codes left';
  return count === 1 ? '1 recovery code left' : `${count} recovery codes left`;
}

function RecoveryCodesLeft({ count }: { count: number }) {
  if (count > fewCodesLeft) return <Typography>{codesLeftText(count)}.</Typography>;
  return (
    // A status, not an alert: it is there from the page's opening, not news.
    <Alert severity="warning" role="status">
      {codesLeftText(count)}. Make new ones, so that you can still sign in without your authenticator app.
    </Alert>
  );
}

/**
 * Two-factor sign-in: off, the way to set it up; on, since when, the recovery codes left, and moving it to a
 * new app, new recovery codes or turning it off. `status` null: an external identity provider keeps sign-in,
 * and only its set-up is offered.
 */
export function TwoFactorSection({ returnTo, status }: { returnTo: string; status: TwoFactorStatus }) {
  const setUp = useTwoFactorSetUp(returnTo);
  const enabled = status?.enabled ?? false;
  const setUpButton = useRef<HTMLButtonElement>(null);
  const wasEnabled = useRef(enabled);
  useEffect(() => {
    // Turned off: the button that did it has gone with its dialog, so the focus goes to setting it up again.
    if (wasEnabled.current && !enabled) setUpButton.current?.focus();
    wasEnabled.current = enabled;
  }, [enabled]);
  return (
    <Section
      title="Two-factor authentication"
      description={
        status
          ? 'Sign in with a code from an authenticator app as well as your password.'
          : 'Sign in with a code from an authenticator app as well as your password. Setting it up again replaces the app you use now.'
      }
    >
      {setUp.failed && (
        <Alert severity="error">
          The sign-in service did not answer. Check your connection and try again.
        </Alert>
      )}
      {status?.enabled ? (
        <>
          <Typography>
            {status.enabledAt ? `On since ${formatDateTime(status.enabledAt)}.` : 'On.'}
          </Typography>
          <RecoveryCodesLeft count={status.recoveryCodesLeft} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
            <SetUpButton label="Move to a new app" setUp={setUp} />
            <LazyDialogButton
              label="New recovery codes"
              busy={false}
              preload={preloadRecoveryCodes}
              dialog={(open, close) => <RecoveryCodesDialog open={open} onClose={close} />}
            />
            <LazyDialogButton
              label="Turn off"
              busy={false}
              preload={preloadTurnOff}
              dialog={(open, close) => <TurnOffDialog open={open} onClose={close} />}
            />
          </Stack>
        </>
      ) : (
        <div>
          <SetUpButton ref={setUpButton} label="Set up two-factor authentication" setUp={setUp} />
        </div>
      )}
    </Section>
  );
}
