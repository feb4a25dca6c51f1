import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

const formatGb = (gb: number) => `${Number(gb.toFixed(gb < 10 ? 2 : 1))} GB`;

/** How full a volume is: a bar, and the figures in words. */
export function UsageBar({ usage, size, name }: { usage: number; size: number; name: string }) {
  const percent = size > 0 ? Math.min(100, (usage / size) * 100) : 0;
  return (
    <Box sx={{ minWidth: 96 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 90 ? 'error' : percent >= 75 ? 'warning' : 'primary'}
        aria-label={`Usage of ${name}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {formatGb(usage)} of {formatGb(size)} ({Math.round(percent)} %)
      </Typography>
    </Box>
  );
}
