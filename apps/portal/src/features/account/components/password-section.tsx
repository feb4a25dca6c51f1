import { lazy } from 'react';
import Typography from '@mui/material/Typography';
import { LazyDialogButton } from '@/components/lazy-dialog-button.tsx';
import { Section } from '@/components/section.tsx';
import type { TwoFactorStatus } from '../api/sign-in-status.ts';

// The dialog's code (the form, its checks) comes with the first press, or pointing at the button.
const loadPasswordDialog = () => import('./password-dialog.tsx');
const PasswordDialog = lazy(() =>
  loadPasswordDialog().then((module) => ({ default: module.PasswordDialog })),
);
const preload = () => void loadPasswordDialog().catch(() => undefined);

/**
 * Changing the password, with the current one (and a code, with two-factor sign-in on). `twoFactor` null: an
 * external identity provider keeps sign-in, and the password is changed there.
 */
export function PasswordSection({ twoFactor }: { twoFactor: TwoFactorStatus }) {
  return (
    <Section title="Password" description="You sign in with it here and in command-line tools.">
      {twoFactor ? (
        <div>
          <LazyDialogButton
            label="Change password"
            busy={false}
            preload={preload}
            dialog={(open, close) => (
              <PasswordDialog open={open} withCode={twoFactor.enabled} onClose={close} />
            )}
          />
        </div>
      ) : (
        <Typography>
          Your organisation’s identity provider keeps your sign-in: change your password there.
        </Typography>
      )}
    </Section>
  );
}
