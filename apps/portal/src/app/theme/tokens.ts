import type { PaletteMode } from '@mui/material/styles';

// Design tokens per theme (SPEC §9). The action colour is red-orange in light and teal in dark; every
// colour here keeps text on it at WCAG AA contrast, which axe-core checks in the browser tests.
export interface ThemeTokens {
  action: string;
  actionText: string;
  accent: string;
  accentText: string;
  background: string;
  surface: string;
  appBar: string;
  appBarText: string;
  text: string;
  mutedText: string;
  divider: string;
  info: string;
  /** Cautions (unpaid, credentials revealed); MUI's own orange keeps small text at only 3:1 on a light card. */
  warning: string;
  /** Destructive actions (delete buttons) and errors; `dangerText` on a fill of it. */
  danger: string;
  dangerText: string;
  snackbarError: string;
  snackbarWarning: string;
  snackbarSuccess: string;
}

export const themeTokens: Record<PaletteMode, ThemeTokens> = {
  light: {
    action: '#c73e13',
    actionText: '#ffffff',
    accent: '#37474f',
    accentText: '#ffffff',
    background: '#f5f6f8',
    surface: '#ffffff',
    appBar: '#1f2933',
    appBarText: '#ffffff',
    text: '#1b2127',
    mutedText: '#55606b',
    divider: 'rgba(0, 0, 0, 0.12)',
    info: '#0b5c93',
    warning: '#9a4a00',
    danger: '#d32f2f',
    dangerText: '#ffffff',
    snackbarError: '#b71c1c',
    snackbarWarning: '#9a4a00',
    snackbarSuccess: '#1b5e20',
  },
  dark: {
    action: '#4db6ac',
    actionText: '#0b1f1d',
    accent: '#80cbc4',
    accentText: '#0b1f1d',
    background: '#101417',
    surface: '#182025',
    appBar: '#0b0f12',
    appBarText: '#e8eef0',
    text: '#e8eef0',
    mutedText: '#a7b4ba',
    divider: 'rgba(255, 255, 255, 0.14)',
    info: '#81d4fa',
    warning: '#ffb74d',
    // MUI's dark default (#f44336) carries white text at 3.7:1 only, and its text on a card 4.5:1 barely.
    danger: '#f28b82',
    dangerText: '#0b0f12',
    snackbarError: '#ef9a9a',
    snackbarWarning: '#ffcc80',
    snackbarSuccess: '#a5d6a7',
  },
};
