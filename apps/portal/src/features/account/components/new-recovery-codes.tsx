import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mdiDownload } from '@mdi/js';
import { CopyButton } from '@/components/copy-button.tsx';
import { DialogButtons } from '@/components/form-dialog.tsx';
import { MdiIcon } from '@/components/mdi-icon.tsx';
import { downloadRecoveryCodes, recoveryCodesText } from './recovery-codes-file.ts';

const listId = 'new-recovery-codes';

/** The new recovery codes, shown this once, to copy or save; the old ones no longer work. */
export function NewRecoveryCodes({ codes, onClose }: { codes: readonly string[]; onClose: () => void }) {
  return (
    <>
      <DialogTitle>New recovery codes</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            Your old recovery codes stopped working. Keep these somewhere safe, such as a password manager:
            they are shown only this once. Each signs you in once in place of a code from your app.
          </Alert>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography id={listId} component="h3" sx={{ fontWeight: 600 }}>
              Recovery codes
            </Typography>
            <CopyButton value={recoveryCodesText(codes)} label="Copy the recovery codes" />
          </Stack>
          <Box
            component="ol"
            aria-labelledby={listId}
            sx={{
              m: 0,
              p: 2,
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              gap: 1,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              overflowWrap: 'anywhere',
            }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <div>
            <Button
              variant="outlined"
              startIcon={<MdiIcon path={mdiDownload} />}
              onClick={() => downloadRecoveryCodes(codes)}
              // The next thing to do once they are read: the codes' list is only text.
              autoFocus
            >
              Download
            </Button>
          </div>
        </Stack>
      </DialogContent>
      <DialogButtons>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogButtons>
    </>
  );
}
