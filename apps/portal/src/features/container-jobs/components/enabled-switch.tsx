import Switch from '@mui/material/Switch';
import { showSnackbar } from '../../../components/snackbar/snackbar-store.ts';
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
  // Shows the new position at once; the request settles once the list has been fetched again.
  const checked = modifyJob.isPending ? (modifyJob.variables.enabled ?? job.enabled) : job.enabled;
  return (
    <Switch
      checked={checked}
      disabled={job.locked || modifyJob.isPending}
      slotProps={{ input: { 'aria-label': `Run ${job.name} on its schedule` } }}
      onChange={(event) =>
        modifyJob.mutate(
          { namespace, name: job.name, enabled: event.target.checked },
          {
            onSuccess: (modified) =>
              showSnackbar(
                modified.enabled
                  ? `${modified.name} runs on its schedule again`
                  : `${modified.name} no longer runs on its schedule`,
                'success',
              ),
          },
        )
      }
    />
  );
}
