import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { Section } from '@/components/section.tsx';
import { session } from '@/lib/auth/session.ts';

/**
 * The way to the identity provider's two-factor set-up (an authenticator app), which returns to `returnTo`.
 * Setting it up again replaces the app used until then.
 */
export function TwoFactorSection({ returnTo }: { returnTo: string }) {
  const [state, setState] = useState<'idle' | 'leaving' | 'failed'>('idle');
  const leaving = state === 'leaving';
  return (
    <Section
      title="Two-factor authentication"
      description="Sign in with a code from an authenticator app as well as your password. Setting it up again replaces the app you use now."
    >
      {state === 'failed' && (
        <Alert severity="error">
          The sign-in service did not answer. Check your connection and try again.
        </Alert>
      )}
      <div>
        <Button
          variant="outlined"
          // Kept enabled while leaving so focus stays on it; a second press does nothing.
          aria-busy={leaving}
          startIcon={leaving ? <CircularProgress size={18} aria-hidden /> : undefined}
          onClick={() => {
            if (leaving) return;
            setState('leaving');
            session.setUpTwoFactor(returnTo).catch(() => setState('failed'));
          }}
        >
          Set up two-factor authentication
        </Button>
      </div>
    </Section>
  );
}
