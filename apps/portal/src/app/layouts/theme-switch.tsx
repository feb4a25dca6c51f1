import IconButton from '@mui/material/IconButton';
import { MdiIcon } from '../../components/mdi-icon.tsx';
import { mdiWeatherNight, mdiWhiteBalanceSunny } from '@mdi/js';
import { useColorMode } from '../../lib/color-mode.ts';

export function ThemeSwitch() {
  const { mode, toggle } = useColorMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    // A native title instead of an MUI Tooltip keeps the positioning library off the first screen.
    <IconButton color="inherit" onClick={toggle} aria-label={label} title={label}>
      <MdiIcon path={mode === 'dark' ? mdiWhiteBalanceSunny : mdiWeatherNight} />
    </IconButton>
  );
}
