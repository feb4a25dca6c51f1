import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** A thin indeterminate bar under the app bar while the next page (and the guard's checks) load. */
export function NavigationProgress() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        height: 3,
        overflow: 'hidden',
        bgcolor: 'rgba(255,255,255,0.15)',
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
        }}
      />
    </Box>
  );
}
