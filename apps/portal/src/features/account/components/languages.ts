/**
 * The languages of dates and schedule descriptions to choose from: the cron editor's locales (SPEC §9), the
 * same list as @berth/cron's cronLocales (a unit test holds them equal). Written out rather than imported:
 * importing the cron package here would split its modules out of the cron editor's chunk into one more file
 * on every job route.
 */
export const languageChoices = [
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

export type LanguageChoice = (typeof languageChoices)[number];
