import Chip from '@mui/material/Chip';
import { srOnly } from '../change-diff.tsx';
import type { UnpaidStatus } from './unpaid-status.ts';

/** Beside a resource's state: `Unpaid`, or `Stopped: unpaid`; read as `Unpaid plan`, `Stopped: unpaid plan`. */
export function UnpaidChip({ status }: { status: UnpaidStatus }) {
  const unpaid = status.kind === 'unpaid';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={unpaid ? 'warning' : 'error'}
      label={
        <>
          {unpaid ? 'Unpaid' : 'Stopped: unpaid'}
          <span style={srOnly}> plan</span>
        </>
      }
      sx={{ fontWeight: 600 }}
    />
  );
}
