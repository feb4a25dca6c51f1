import { lazy, Suspense } from 'react';
import { useSnackbarMessage } from './snackbar-store.ts';

const SnackbarView = lazy(() =>
  import('./snackbar-view.tsx').then((module) => ({ default: module.SnackbarView })),
);

/** Renders the open message; the snack bar's code loads with the first message, not with the first screen. */
export function SnackbarHost() {
  const snackbar = useSnackbarMessage();
  if (!snackbar) return null;
  return (
    <Suspense>
      <SnackbarView snackbar={snackbar} />
    </Suspense>
  );
}
