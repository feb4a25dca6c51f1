import { getCronEditorTexts, loadCronEditorTexts, type CronEditorTexts } from './translations.ts';
import { useLoadedLocale } from './use-loaded-locale.ts';

/** The editor's texts in the locale, or undefined while another language than English is loading. */
export function useCronEditorTexts(locale: string): CronEditorTexts | undefined {
  useLoadedLocale(loadCronEditorTexts, locale);
  return getCronEditorTexts(locale);
}
