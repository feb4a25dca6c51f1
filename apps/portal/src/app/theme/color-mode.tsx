import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type PaletteMode } from '@mui/material/styles';
import { readStored, writeStored } from '../../lib/storage.ts';
import { createAppTheme } from './create-app-theme.ts';

const storageKey = 'berth.theme';
const modes = ['light', 'dark'] as const;

interface ColorMode {
  mode: PaletteMode;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorMode | null>(null);

export function useColorMode(): ColorMode {
  const value = use(ColorModeContext);
  if (!value) throw new Error('useColorMode needs a ColorModeProvider');
  return value;
}

/** Light by default; the choice made with the app bar switch is remembered in local storage. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(() => readStored(storageKey, modes, 'light'));
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  // index.html paints the loading screen dark from this attribute (public/theme-boot.js); it must follow the
  // switch, or its dark page background outlives a change to light.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  const value = useMemo<ColorMode>(
    () => ({
      mode,
      toggle: () =>
        setMode((current) => {
          const next = current === 'light' ? 'dark' : 'light';
          writeStored(storageKey, next);
          return next;
        }),
    }),
    [mode],
  );
  return (
    <ColorModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext>
  );
}
