import Button from '@mui/material/Button';
import { mdiCloudOffOutline } from '@mdi/js';
import { ErrorComponent, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ChunkLoadError } from '../../lib/network/chunk-load-error.ts';
import { MessagePage } from '../message-page.tsx';

/**
 * A page's error in the page, with the app bar and navigation kept. A page whose code did not arrive says so
 * with Retry, which loads the route again (its code included) once the network is back.
 */
export function RouteLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  if (!(error instanceof ChunkLoadError)) return <ErrorComponent error={error} />;
  return (
    <MessagePage
      icon={mdiCloudOffOutline}
      title="This page could not be loaded"
      action={
        <Button variant="contained" onClick={() => void router.invalidate()}>
          Retry
        </Button>
      }
    >
      Its code did not arrive: the connection failed or is offline. Check it, then retry.
    </MessagePage>
  );
}
