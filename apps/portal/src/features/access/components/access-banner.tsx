import { lazy, Suspense } from 'react';
import { formatSuspendedReason } from '../../../lib/auth/access.ts';
import { useAccess, useAccount } from '../../../lib/auth/queries.ts';

// Few customers are suspended: the notice's code is loaded only for them.
const SuspendedNotice = lazy(() =>
  import('./suspended-notice.tsx').then((module) => ({ default: module.SuspendedNotice })),
);

/** Tells a suspended customer why, and that creating is off until the suspension is lifted. */
export function AccessBanner() {
  const access = useAccess();
  const account = useAccount();
  if (!access?.suspended) return null;
  return (
    <Suspense>
      <SuspendedNotice reason={formatSuspendedReason(account.data?.customer.suspendedReason)} />
    </Suspense>
  );
}
