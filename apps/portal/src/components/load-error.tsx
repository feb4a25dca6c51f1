import Button from '@mui/material/Button';
import { mdiAlertCircleOutline } from '@mdi/js';
import { EmptyState } from './empty-state.tsx';

/** What a screen shows when its data could not be loaded: what failed, why it may have, and a way to retry. */
export function LoadError({
  title,
  description = 'The platform did not answer. Check your connection and try again.',
  onRetry,
}: {
  /** `This namespace could not be loaded`. */
  title: string;
  description?: string;
  onRetry: () => unknown;
}) {
  return (
    <EmptyState
      icon={mdiAlertCircleOutline}
      title={title}
      description={description}
      action={
        <Button variant="outlined" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    />
  );
}
