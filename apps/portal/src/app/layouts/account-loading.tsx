import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';

/**
 * Shown while the guard fetches the account before the first page: the boot message of index.html (its styles
 * are there), so the page goes from "Signing you in…" to this without a change of look, and this render,
 * on the way of every visit, computes no styles.
 */
export function AccountLoading() {
  return (
    <div className="boot-message" role="status" aria-live="polite">
      <div className="boot-spinner" aria-hidden="true" />
      <span>Loading your account…</span>
    </div>
  );
}

export function AccountLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  console.error('The portal could not load the account', error);
  return (
    <Stack
      spacing={2}
      role="alert"
      sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3, textAlign: 'center' }}
    >
      <Typography variant="h5" component="h1">
        Your account could not be loaded
      </Typography>
      <Typography color="text.secondary">
        The platform did not answer. Check your connection and try again.
      </Typography>
      <Button variant="contained" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </Stack>
  );
}
