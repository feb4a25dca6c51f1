/** The locales of the cron editor and its descriptions (SPEC §9). */
export const cronLocales = [
  'en',
  'de',
  'pt',
  'es',
  'da',
  'zh',
  'zh-cn',
  'he',
  'ru',
  'fr',
  'hi',
  'ja',
  'ko',
] as const;

export type CronLocale = (typeof cronLocales)[number];

function isCronLocale(code: string): code is CronLocale {
  return (cronLocales as readonly string[]).includes(code);
}

/** Maps a BCP 47 tag to a supported locale: the exact tag, else its language, else en (`zh-CN` → zh-cn, `de-AT` → de). */
export function resolveCronLocale(locale: string | undefined): CronLocale {
  const code = (locale ?? 'en').toLowerCase();
  if (isCronLocale(code)) return code;
  const language = code.split('-')[0] ?? '';
  return isCronLocale(language) ? language : 'en';
}
