import Chip from '@mui/material/Chip';
import { srOnly } from '@/components/change-diff.tsx';
import type { UnpaidStatus } from './cluster-payment.ts';

// MUI's warning orange keeps only 3:1 against a light surface, below AA for a chip's small text; the theme's
// snack bar warning tone keeps AA on the surfaces of both themes.
const unpaidSx = { color: 'snackbarWarning.main', borderColor: 'snackbarWarning.main' };

/** Beside a cluster's state: `Unpaid`, or `Stopped: unpaid`; read as `Unpaid plan`, `Stopped: unpaid plan`. */
export function ClusterPaymentChip({ status }: { status: UnpaidStatus }) {
  const unpaid = status.kind === 'unpaid';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={unpaid ? 'default' : 'error'}
      label={
        <>
          {unpaid ? 'Unpaid' : 'Stopped: unpaid'}
          <span style={srOnly}> plan</span>
        </>
      }
      sx={{ fontWeight: 600, ...(unpaid && unpaidSx) }}
    />
  );
}
