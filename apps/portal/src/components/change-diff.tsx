import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { secretChange, type DiffLine } from './change-lines.ts';

// Said to screen readers, which announce neither strike-through nor colour.
export const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
} as const;

const valueSx = {
  fontFamily: 'monospace',
  fontSize: '0.8125rem',
  px: 0.5,
  borderRadius: 0.5,
  // Long JSON values wrap anywhere instead of widening the page.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  textDecorationThickness: '1px',
} as const;

function Value({ kind, value }: { kind: 'old' | 'new'; value: string }) {
  const old = kind === 'old';
  return (
    <Box
      component={old ? 'del' : 'ins'}
      sx={{
        ...valueSx,
        // The darker shade on light paper, the lighter on dark: the main ones are too faint for small text.
        color: (theme) =>
          (old ? theme.palette.error : theme.palette.success)[
            theme.palette.mode === 'dark' ? 'light' : 'dark'
          ],
        bgcolor: (theme) => alpha(old ? theme.palette.error.main : theme.palette.success.main, 0.08),
        textDecorationLine: old ? 'line-through' : 'none',
      }}
    >
      <span style={srOnly}>{old ? 'was ' : 'now '}</span>
      {/* An empty value would otherwise be an empty box. */}
      {value === '' ? '""' : value}
    </Box>
  );
}

/** A change set as one line per field: the old value struck through, the new one beside it. */
export function ChangeDiff({ lines }: { lines: DiffLine[] }) {
  if (lines.length === 0) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75 }}>
      {lines.map((line) => (
        <Box
          key={line.field}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.25, minWidth: 0 }}
        >
          <Box component="dt" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {line.field}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {line.secret ? (
              <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
                secret {secretChange(line)}
              </Box>
            ) : (
              <>
                {line.oldValue !== null && <Value kind="old" value={line.oldValue} />}
                {line.oldValue !== null && line.newValue !== null && (
                  <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
                    →
                  </Box>
                )}
                {line.newValue !== null && <Value kind="new" value={line.newValue} />}
              </>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
