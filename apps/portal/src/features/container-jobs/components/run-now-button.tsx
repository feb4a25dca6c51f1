import Button from '@mui/material/Button';
import { mdiPlay } from '@mdi/js';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { showSnackbar } from '@/components/snackbar/snackbar-store.ts';
import { useRunContainerJob } from '../api/run-container-job.ts';

/** Starts a run now, on schedule or not; not while a change to the job is being applied. */
export function RunNowButton({
  namespace,
  name,
  locked,
}: {
  namespace: string;
  name: string;
  locked: boolean;
}) {
  const runJob = useRunContainerJob();
  return (
    <Button
      variant="contained"
      startIcon={<MdiIcon path={mdiPlay} />}
      disabled={locked || runJob.isPending}
      onClick={() =>
        runJob.mutate(
          { namespace, name },
          { onSuccess: (run) => showSnackbar(`Run ${run.name} is starting`, 'success') },
        )
      }
    >
      Run now
    </Button>
  );
}
