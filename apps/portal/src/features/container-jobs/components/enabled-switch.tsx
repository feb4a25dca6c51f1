import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useModifyContainerJob } from '../api/modify-container-job.ts';

/** Turns a job's schedule on or off at once, sending only `enabled`. */
export function EnabledSwitch({
  namespace,
  job,
}: {
  namespace: string;
  job: { name: string; enabled: boolean; locked: boolean };
}) {
  const modifyJob = useModifyContainerJob();
  // The new position shows as the click lands (React state, not the mutation's, whose updates arrive a task
  // later, so the controlled switch would flick back for a moment); the request settles once the list has
  // been fetched again, and then the list speaks for itself (or, after an error, the old position returns).
  const [requested, setRequested] = useState<boolean | null>(null);
  return (
    <Switch
      checked={requested ?? job.enabled}
      disabled={job.locked || requested !== null}
      slotProps={{ input: { 'aria-label': `Run ${job.name} on its schedule` } }}
      onChange={(event) => {
        const enabled = event.target.checked;
        setRequested(enabled);
        modifyJob.mutate(
          { namespace, name: job.name, enabled },
          {
            onSuccess: (modified) =>
              showSnackbar(
                modified.enabled
                  ? `${modified.name} runs on its schedule again`
                  : `${modified.name} no longer runs on its schedule`,
                'success',
              ),
            onSettled: () => setRequested(null),
          },
        );
      }}
    />
  );
}
