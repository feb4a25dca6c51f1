import { lazy } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LazyDialogButton } from '@/components/lazy-dialog-button.tsx';
import { Section } from '@/components/section.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import type { AccountQuery } from '@/gql/graphql.ts';
import { GraphQLRequestError } from '@/lib/graphql/errors.ts';
import { useSendEmailVerification } from '../api/sign-in-changes.ts';
import type { SignInStatus } from '../api/sign-in-status.ts';

// The dialog's code (the form, its checks) comes with the first press, or pointing at the button.
const loadEmailDialog = () => import('./email-dialog.tsx');
const EmailDialog = lazy(() => loadEmailDialog().then((module) => ({ default: module.EmailDialog })));
const preload = () => void loadEmailDialog().catch(() => undefined);

type Account = NonNullable<AccountQuery['account']>;

/** Until the address is confirmed the account cannot subscribe: the link can be mailed again from here. */
function Unconfirmed({ email }: { email: string }) {
  const send = useSendEmailVerification();
  const sendAgain = () =>
    send.mutate(undefined, {
      onSuccess: () => showSnackbar(`A new link is on its way to ${email}.`, 'success'),
      onError: (error) =>
        showSnackbar(
          error instanceof GraphQLRequestError ? error.message : 'The link could not be sent',
          'error',
        ),
    });
  return (
    <Alert
      severity="warning"
      role="status"
      action={
        <Button color="inherit" size="small" disabled={send.isPending} onClick={sendAgain}>
          {send.isPending ? 'Sending…' : 'Send the link again'}
        </Button>
      }
    >
      Not confirmed yet: follow the link we mailed to {email} to subscribe and create paid resources.
    </Alert>
  );
}

/**
 * The address the account signs in with and gets its mail at: whether it is confirmed, the change under way,
 * and changing it. `status.twoFactor` null: an external identity provider keeps sign-in, and the address.
 */
export function EmailSection({ account, status }: { account: Account; status: SignInStatus }) {
  return (
    <Section title="Email address" description="You sign in with it, and Berth mails you at it.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {account.email}
          {account.emailVerified && (
            <Typography component="span" color="text.secondary">
              {' '}
              · confirmed
            </Typography>
          )}
        </Typography>
        {status.twoFactor && (
          <LazyDialogButton
            label="Change email"
            busy={false}
            preload={preload}
            dialog={(open, close) => <EmailDialog open={open} currentEmail={account.email} onClose={close} />}
          />
        )}
      </Stack>
      {!account.emailVerified && <Unconfirmed email={account.email} />}
      {status.pendingEmail && (
        <Alert severity="info" role="status">
          Moving to {status.pendingEmail}: follow the link mailed there to finish. Until then you keep{' '}
          {account.email}.
        </Alert>
      )}
      {!status.twoFactor && (
        <Typography>Your organisation’s identity provider keeps your address: change it there.</Typography>
      )}
    </Section>
  );
}
