import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DialogButtons } from '@/components/form-dialog.tsx';
import { FactsList } from '@/components/facts-list.tsx';
import { CopyableValue } from './copyable-value.tsx';

/** The new key's client ID and secret, shown this once: only a hash of the secret is kept. */
export function NewApiKey({
  created,
  onClose,
}: {
  created: { apiKey: { name: string; clientId: string }; clientSecret: string };
  onClose: () => void;
}) {
  return (
    <>
      <DialogTitle>API key {created.apiKey.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Copy the client secret now and keep it somewhere safe, such as your tool’s secret store: it is
            shown only this once. Anyone with it can act as you, within the key’s access.
          </Alert>
          <FactsList
            facts={[
              {
                term: 'Client ID',
                value: <CopyableValue value={created.apiKey.clientId} label="Copy the client ID" />,
              },
              {
                term: 'Client secret',
                value: <CopyableValue value={created.clientSecret} label="Copy the client secret" />,
              },
            ]}
          />
        </Stack>
      </DialogContent>
      <DialogButtons>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogButtons>
    </>
  );
}
