import { LoadingBlock } from '../../../components/loading-block.tsx';
import Stack from '@mui/material/Stack';
import { useLocation } from '@tanstack/react-router';
import { FactsList } from '@/components/facts-list.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Section } from '@/components/section.tsx';
import { useAccount } from '@/lib/auth/queries.ts';
import { ApiAccessSection } from '../components/api-access-section.tsx';
import { ApiKeysSection } from '../components/api-keys-section.tsx';
import { AppearanceSection } from '../components/appearance-section.tsx';
import { SignInSections } from '../components/sign-in-sections.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';

/**
 * The signed-in account: who it is, theme and language, password and two-factor sign-in, the browsers signed
 * in, and API keys for tools with how to use them.
 */
export function AccountPage() {
  const account = useAccount();
  // Two-factor set-up comes back here.
  const path = useLocation({ select: (location) => location.pathname });
  return (
    <>
      <PageHeader title="Account" />
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        {account.isError ? (
          <LoadError title="Your account could not be loaded" onRetry={account.refetch} />
        ) : account.data ? (
          <Section title="Profile">
            <FactsList
              facts={[
                { term: 'Name', value: account.data.name },
                { term: 'Email', value: account.data.email },
                { term: 'Customer', value: account.data.customer.name },
                { term: 'Customer ID', value: account.data.customer.id },
                { term: 'Role', value: account.data.role },
              ]}
            />
          </Section>
        ) : (
          <LoadingBlock label="Loading your account" height={200} />
        )}
        <AppearanceSection />
        <SignInSections returnTo={path} />
        <SessionsSection />
        <ApiKeysSection />
        <ApiAccessSection />
      </Stack>
    </>
  );
}
