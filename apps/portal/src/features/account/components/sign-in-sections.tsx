import { LoadingBlock } from '../../../components/loading-block.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { useAccount } from '@/lib/auth/queries.ts';
import { useSignInStatus } from '../api/sign-in-status.ts';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * How the owner signs in: the email address, the password, and two-factor sign-in; each depends on who keeps
 * sign-in.
 */
export function SignInSections({ returnTo }: { returnTo: string }) {
  const status = useSignInStatus();
  const account = useAccount().data;
  if (status.isError)
    return <LoadError title="Your sign-in settings could not be loaded" onRetry={status.refetch} />;
  if (status.isPending || !account)
    return <LoadingBlock label="Loading your sign-in settings" height={240} />;
  return (
    <>
      <EmailSection account={account} status={status.data} />
      <PasswordSection twoFactor={status.data.twoFactor} />
      <TwoFactorSection returnTo={returnTo} status={status.data.twoFactor} />
    </>
  );
}
