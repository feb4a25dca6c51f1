import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

export function SuspendedNotice({ reason }: { reason: string }) {
  return (
    <Alert severity="error" variant="outlined" sx={{ mb: 3 }}>
      <AlertTitle>Your account is suspended ({reason})</AlertTitle>
      You can still see your resources, but you cannot create new ones. Contact customer support to lift the
      suspension.
    </Alert>
  );
}
