import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

import { useWorkloadFormOptions, type WorkloadFormOptions } from './get-workload-form-options.ts';
import { LoadError } from '../load-error.tsx';

/**
 * Where a container's or job's form goes: it waits for the namespace's registries and volumes (and for
 * whatever else `ready` says the form needs), and says so when they could not be loaded.
 */
export function WorkloadFormFrame({
  namespace,
  ready = true,
  children,
}: {
  namespace: string;
  ready?: boolean;
  children: (options: WorkloadFormOptions) => ReactNode;
}) {
  const options = useWorkloadFormOptions(namespace);
  if (options.isError) {
    return (
      <LoadError
        title="The form could not be prepared"
        description="The registries and volumes of this namespace could not be loaded. Check your connection and try again."
        onRetry={options.refetch}
      />
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      {options.data && ready ? (
        children(options.data)
      ) : (
        <Stack spacing={2} role="progressbar" aria-busy="true" aria-label="Loading form">
          <Skeleton variant="rectangular" height={220} />
          <Skeleton variant="rectangular" height={160} />
        </Stack>
      )}
    </Stack>
  );
}
