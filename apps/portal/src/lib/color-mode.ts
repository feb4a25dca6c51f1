import { createContext, use } from 'react';
import type { PaletteMode } from '@mui/material/styles';
import { readStored, writeStored } from './storage.ts';

/** Light is the default (SPEC §9); `system` follows the device's light or dark setting. */
export const themePreferences = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof themePreferences)[number];

// public/boot.js reads the same key before the portal's code runs.
const storageKey = 'berth.theme';
// The identity provider's sign-in and sign-up pages read this cookie to show the same theme
// (apps/server/src/identity/pages.ts). Path=/ so the provider's /realms/... pages receive it.
const cookieName = 'berth_theme';
const oneYearSeconds = 365 * 24 * 60 * 60;

export function readThemePreference(): ThemePreference {
  return readStored(storageKey, themePreferences, 'light');
}

export function storeThemePreference(preference: ThemePreference): void {
  writeStored(storageKey, preference);
}

export function writeThemeCookie(preference: ThemePreference): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${cookieName}=${preference}; Path=/; Max-Age=${oneYearSeconds}; SameSite=Lax${secure}`;
}

export interface ColorMode {
  /** The palette on screen: the preference, with `system` resolved to what the device asks for now. */
  mode: PaletteMode;
  preference: ThemePreference;
  choose: (preference: ThemePreference) => void;
  /** The app bar's switch: the other palette than the one on screen, chosen explicitly. */
  toggle: () => void;
}

export const ColorModeContext = createContext<ColorMode | null>(null);

export function useColorMode(): ColorMode {
  const value = use(ColorModeContext);
  if (!value) throw new Error('useColorMode needs a ColorModeProvider');
  return value;
}
