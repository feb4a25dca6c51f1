import { useEffect, useState } from 'react';
import { describeCron, isDescriptionLocaleLoaded, loadDescriptionLocale, type CronFormat } from '@berth/cron';

/**
 * The human description of an expression in the locale, or null while it is invalid or the locale's texts are
 * still loading (so the user never sees English flash before their language).
 */
export function useDescription(expression: string, format: CronFormat, locale: string): string | null {
  // Bumped when a locale finishes loading, to describe again with it.
  const [, setLoadedLocale] = useState<string>();
  useEffect(() => {
    let current = true;
    void loadDescriptionLocale(locale).then(() => {
      if (current) setLoadedLocale(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return isDescriptionLocaleLoaded(locale) ? describeCron(expression, { format, locale }) : null;
}
