import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';

// Resource states are free text from the platform; these are the ones the portal knows how to colour.
const transitionalStates = new Set(['creating', 'updating', 'deleting', 'pending', 'starting']);
const healthyStates = new Set(['created', 'running', 'ready', 'succeeded']);
const failedStates = new Set(['failed', 'error']);

const labels: Record<string, string> = { deleting: 'being deleted' };

export function isTransitional(state: string): boolean {
  return transitionalStates.has(state.toLowerCase());
}

/** One chip for every resource state: the state as a customer reads it, with a spinner while it changes. */
export function StateChip({ state }: { state: string }) {
  const key = state.toLowerCase();
  const changing = transitionalStates.has(key);
  const color = changing ? 'info' : healthyStates.has(key) ? 'success' : failedStates.has(key) ? 'error' : 'default';
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
