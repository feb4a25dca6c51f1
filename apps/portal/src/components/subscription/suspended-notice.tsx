import Alert from '@mui/material/Alert';
import { useRefusal } from '../../lib/auth/refusal.ts';
import { NextStepLink } from './next-step-link.tsx';

/**
 * Why a suspended customer cannot create, in the words the API refuses with, and the way to lift it (the
 * Billing page for payment issues). Every suspension refuses creating alike, whatever the product.
 */
export function SuspendedNotice() {
  const refusal = useRefusal('serverless-container', 'create');
  if (!refusal) return null;
  return (
    <Alert severity="error" variant="outlined" sx={{ mb: 3 }}>
      {refusal.message}
      <NextStepLink
        refusal={refusal}
        area="serverless-container"
        variant="outlined"
        // On a line of its own under the sentence.
        sx={{ display: 'flex', width: 'fit-content', mt: 1.5 }}
      />
    </Alert>
  );
}
