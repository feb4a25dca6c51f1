import Skeleton from '@mui/material/Skeleton';
import { LoadError } from '@/components/load-error.tsx';
import { useSignInStatus } from '../api/sign-in-status.ts';
import { PasswordSection } from './password-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/** How the owner signs in: the password, and two-factor sign-in; both depend on who keeps sign-in. */
export function SignInSections({ returnTo }: { returnTo: string }) {
  const status = useSignInStatus();
  if (status.isError)
    return <LoadError title="Your sign-in settings could not be loaded" onRetry={status.refetch} />;
  if (status.isPending)
    return (
      <Skeleton variant="rounded" height={240} aria-busy="true" aria-label="Loading your sign-in settings" />
    );
  return (
    <>
      <PasswordSection twoFactor={status.data} />
      <TwoFactorSection returnTo={returnTo} status={status.data} />
    </>
  );
}
