import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { themeTokens } from './tokens.ts';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    snackbarError: Palette['primary'];
    snackbarWarning: Palette['primary'];
    snackbarSuccess: Palette['primary'];
    appBar: Palette['primary'];
  }
  interface PaletteOptions {
    snackbarError?: PaletteOptions['primary'];
    snackbarWarning?: PaletteOptions['primary'];
    snackbarSuccess?: PaletteOptions['primary'];
    appBar?: PaletteOptions['primary'];
  }
}

/** The one place a theme is made: both modes are token data fed to the same function. */
export function createAppTheme(mode: PaletteMode): Theme {
  const tokens = themeTokens[mode];
  // Snack bar fills are dark in the light theme and light in the dark theme, so their text flips too.
  const snackbarFill = (color: string) => ({ main: color, contrastText: mode === 'dark' ? '#0b0f12' : '#ffffff' });
  return createTheme({
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
    palette: {
      mode,
      primary: { main: tokens.action, contrastText: tokens.actionText },
      secondary: { main: tokens.accent, contrastText: tokens.accentText },
      background: { default: tokens.background, paper: tokens.surface },
      text: { primary: tokens.text, secondary: tokens.mutedText },
      divider: tokens.divider,
      info: { main: tokens.info },
      snackbarError: snackbarFill(tokens.snackbarError),
      snackbarWarning: snackbarFill(tokens.snackbarWarning),
      snackbarSuccess: snackbarFill(tokens.snackbarSuccess),
      appBar: { main: tokens.appBar, contrastText: tokens.appBarText },
    },
    shape: { borderRadius: 4 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiButton: {
        defaultProps: { size: 'large', disableElevation: true },
        styleOverrides: { root: { borderRadius: 0, textTransform: 'uppercase', fontWeight: 600 } },
      },
      MuiIconButton: {
        styleOverrides: {
          root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` } }),
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiPaper: { defaultProps: { elevation: 0 } },
    },
  });
}

declare module '@mui/material/AppBar' {
  interface AppBarPropsColorOverrides {
    appBar: true;
  }
}
