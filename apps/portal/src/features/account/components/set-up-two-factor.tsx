import { useState, type Ref } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { session } from '@/lib/auth/session.ts';

/**
 * The way to the identity provider's two-factor set-up (an authenticator app), which returns to `returnTo`.
 * Setting it up again moves it to another app.
 */
export function useTwoFactorSetUp(returnTo: string) {
  const [state, setState] = useState<'idle' | 'leaving' | 'failed'>('idle');
  return {
    leaving: state === 'leaving',
    failed: state === 'failed',
    start: () => {
      if (state === 'leaving') return;
      setState('leaving');
      session.setUpTwoFactor(returnTo).catch(() => setState('failed'));
    },
  };
}

/** Leaves for the set-up; says it is on its way until the identity provider's page opens. */
export function SetUpButton({
  label,
  setUp,
  ref,
}: {
  label: string;
  setUp: ReturnType<typeof useTwoFactorSetUp>;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={ref}
      variant="outlined"
      // Kept enabled while leaving so focus stays on it; a second press does nothing.
      aria-busy={setUp.leaving}
      startIcon={setUp.leaving ? <CircularProgress size={18} aria-hidden /> : undefined}
      onClick={setUp.start}
      sx={{ flexShrink: 0 }}
    >
      {label}
    </Button>
  );
}
