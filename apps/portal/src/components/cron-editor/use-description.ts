import { describeCron, isDescriptionLocaleLoaded, loadDescriptionLocale, type CronFormat } from '@berth/cron';
import { useLoadedLocale } from './use-loaded-locale.ts';

// cronstrue comes on demand (@berth/cron): its request starts as soon as a screen that describes schedules
// loads, beside the screen's own code, and the description shows a moment after the screen. A failure here is
// retried by the hook.
void loadDescriptionLocale('en').catch(() => undefined);

/**
 * The human description of an expression in the locale, or null while it is invalid or cronstrue and the
 * locale's texts are still loading (so the user never sees English flash before their language).
 */
export function useDescription(expression: string, format: CronFormat, locale: string): string | null {
  useLoadedLocale(loadDescriptionLocale, locale);
  return isDescriptionLocaleLoaded(locale) ? describeCron(expression, { format, locale }) : null;
}
