import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { isTransitional } from '../lib/resource-activity.ts';

// Resource states are free text from the platform; these are the ones the portal knows how to colour.
const healthyStates = new Set(['created', 'running', 'ready', 'succeeded']);
const failedStates = new Set(['failed', 'error']);

const labels: Record<string, string> = { deleting: 'being deleted' };

/** One chip for every resource state: the state as a customer reads it, with a spinner while it changes. */
export function StateChip({ state }: { state: string }) {
  const key = state.toLowerCase();
  const changing = isTransitional(key);
  const color = changing
    ? 'info'
    : healthyStates.has(key)
      ? 'success'
      : failedStates.has(key)
        ? 'error'
        : 'default';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={labels[key] ?? key}
      icon={changing ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
      sx={{ fontWeight: 600, '& .MuiChip-icon': { ml: 1 } }}
    />
  );
}
