import Alert from '@mui/material/Alert';
import { linkOptions } from '@tanstack/react-router';
import { ButtonLink } from '../router-links.tsx';

/**
 * A new account's address is not confirmed yet: it can look around and use the free start, and the mailed
 * link (sent again from the Account page) opens subscribing.
 */
export function UnconfirmedEmailNotice({ email }: { email: string }) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mb: 3 }}
      action={
        <ButtonLink {...linkOptions({ to: '/account' })} color="inherit" size="small">
          Go to Account
        </ButtonLink>
      }
    >
      Confirm your email address: follow the link we mailed to {email}. Until then you can look around and use
      the free start; subscribing waits for it.
    </Alert>
  );
}
