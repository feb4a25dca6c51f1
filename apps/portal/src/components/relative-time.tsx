import Typography from '@mui/material/Typography';
import { formatExact, formatRelative } from '../lib/relative-time.ts';
import { srOnly } from './change-diff.tsx';

/** When something happened, as of `now`: `5 minutes ago`, the exact time on hover and for screen readers. */
export function RelativeTime({ at, now }: { at: string; now: Date }) {
  const when = new Date(at);
  return (
    <Typography
      component="time"
      variant="body2"
      color="text.secondary"
      dateTime={at}
      title={formatExact(when)}
      sx={{ flexShrink: 0 }}
    >
      {formatRelative(when, now)}
      <span style={srOnly}>, {formatExact(when)}</span>
    </Typography>
  );
}
