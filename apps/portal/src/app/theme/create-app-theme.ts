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
  const snackbarFill = (color: string) => ({
    main: color,
    contrastText: mode === 'dark' ? '#0b0f12' : '#ffffff',
  });
  // The ring's colour and offset are custom properties, so a fill or a scrolling list can set them for what it
  // holds, whatever the order of the rules in the style sheet.
  const focusRing = {
    outlineWidth: 2,
    outlineStyle: 'solid',
    outlineColor: `var(--focus-ring-color, ${tokens.action})`,
    outlineOffset: 'var(--focus-ring-offset, 2px)',
  };
  const insetFocusRing = { '--focus-ring-offset': '-2px' };
  const onFill = { '--focus-ring-color': 'currentColor' };
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
      warning: { main: tokens.warning },
      error: { main: tokens.danger, contrastText: tokens.dangerText },
      snackbarError: snackbarFill(tokens.snackbarError),
      snackbarWarning: snackbarFill(tokens.snackbarWarning),
      snackbarSuccess: snackbarFill(tokens.snackbarSuccess),
      appBar: { main: tokens.appBar, contrastText: tokens.appBarText },
    },
    shape: { borderRadius: 4 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    components: {
      MuiButton: {
        defaultProps: { size: 'large', disableElevation: true },
        styleOverrides: { root: { borderRadius: 0, textTransform: 'uppercase', fontWeight: 600 } },
      },
      // WCAG 2.4.7: every control the keyboard reaches gets a 2 px ring in the action colour, which keeps 3:1
      // against the page and surfaces of both themes. Text fields show focus by their thicker coloured border.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // Plain links too (the app bar's product name, the skip link), and what else takes focus by opting in
      // (a cut name, focusable to show it whole).
      MuiCssBaseline: { styleOverrides: { 'a:focus-visible, [data-focus-ring]:focus-visible': focusRing } },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      // Inside menus, tab bars and lists the ring is drawn inward, where the scrolling parent cannot clip it.
      MuiMenuItem: { styleOverrides: { root: insetFocusRing } },
      MuiTab: { styleOverrides: { root: insetFocusRing } },
      MuiListItemButton: { styleOverrides: { root: insetFocusRing } },
      // On the app bar and the snack bar's fill the ring takes the text colour, made to contrast with the fill.
      MuiAppBar: { styleOverrides: { root: onFill } },
      MuiSnackbarContent: { styleOverrides: { root: onFill } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      MuiPaper: { defaultProps: { elevation: 0 } },
    },
  });
}

declare module '@mui/material/AppBar' {
  interface AppBarPropsColorOverrides {
    appBar: true;
  }
}
