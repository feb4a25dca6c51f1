import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type PaletteMode } from '@mui/material/styles';
import {
  ColorModeContext,
  readThemePreference,
  storeThemePreference,
  writeThemeCookie,
  type ColorMode,
  type ThemePreference,
} from '../../lib/color-mode.ts';
import { createAppTheme } from './create-app-theme.ts';

const darkScheme = '(prefers-color-scheme: dark)';

// jsdom and very old browsers have no matchMedia: the device then counts as light.
const systemScheme = () => (typeof window.matchMedia === 'function' ? window.matchMedia(darkScheme) : null);

function subscribeToSystemScheme(onChange: () => void): () => void {
  const query = systemScheme();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const systemPrefersDark = () => systemScheme()?.matches ?? false;

/**
 * Light by default; the choice (light, dark or the device's) made on the account page or with the app bar
 * switch is remembered in local storage, and in a cookie for the identity provider's pages. `system` follows
 * the device live.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreference] = useState<ThemePreference>(readThemePreference);
  const systemDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark);
  const mode: PaletteMode = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  // index.html paints the loading screen dark from this attribute (public/boot.js); it must follow the
  // theme, or its dark page background outlives a change to light.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);
  // Also on start: a choice remembered before the cookie existed, or after it expired, reaches the provider.
  useEffect(() => writeThemeCookie(preference), [preference]);
  const choose = useCallback((next: ThemePreference) => {
    storeThemePreference(next);
    setPreference(next);
  }, []);
  const value = useMemo<ColorMode>(
    () => ({ mode, preference, choose, toggle: () => choose(mode === 'light' ? 'dark' : 'light') }),
    [mode, preference, choose],
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
