import Stack from '@mui/material/Stack';
import { mdiLockOutline } from '@mdi/js';
import { MessagePage } from '../../components/message-page.tsx';
import { ButtonLink } from '../../components/router-links.tsx';
import { NextStepLink } from '../../components/subscription/next-step-link.tsx';
import { useRefusal } from '../../lib/auth/refusal.ts';

/**
 * Where the guard sends a customer a route refuses. The routes that ask for a permission are the serverless
 * containers' create pages (SPEC §2), so the access policy is asked about creating there: a suspended
 * customer reads the API's sentence and gets the way to lift it. Anyone else was refused by a feature flag.
 */
export function NotAllowedPage() {
  const refusal = useRefusal('serverless-container', 'create');
  return (
    <MessagePage
      icon={mdiLockOutline}
      title="Not allowed"
      action={
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          {refusal && <NextStepLink refusal={refusal} area="serverless-container" />}
          <ButtonLink to="/compute/serverless-containers" variant={refusal ? 'outlined' : 'contained'}>
            Back to namespaces
          </ButtonLink>
        </Stack>
      }
    >
      {refusal?.message ?? 'Your account does not have access to this page.'}
    </MessagePage>
  );
}
