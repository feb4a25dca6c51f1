// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient module must reach every program that compiles this file (the portal's too)
/// <reference path="./cronstrue-locales.d.ts" />
import type { CronFormat } from './fields.ts';
import { parseCron } from './expression.ts';
import { resolveCronLocale, type CronLocale } from './locales.ts';

// Each cronstrue locale file registers itself with cronstrue when imported. Loading them on demand keeps the
// browser bundle to the locales a user needs; cronstrue has no Hindi, so hi describes in English.
const localeFiles: Record<
  Exclude<CronLocale, 'en' | 'hi'>,
  { name: string; load: () => Promise<unknown> }
> = {
  de: { name: 'de', load: () => import('cronstrue/locales/de.js') },
  pt: { name: 'pt_BR', load: () => import('cronstrue/locales/pt_BR.js') },
  es: { name: 'es', load: () => import('cronstrue/locales/es.js') },
  da: { name: 'da', load: () => import('cronstrue/locales/da.js') },
  zh: { name: 'zh_CN', load: () => import('cronstrue/locales/zh_CN.js') },
  'zh-cn': { name: 'zh_CN', load: () => import('cronstrue/locales/zh_CN.js') },
  he: { name: 'he', load: () => import('cronstrue/locales/he.js') },
  ru: { name: 'ru', load: () => import('cronstrue/locales/ru.js') },
  fr: { name: 'fr', load: () => import('cronstrue/locales/fr.js') },
  ja: { name: 'ja', load: () => import('cronstrue/locales/ja.js') },
  ko: { name: 'ko', load: () => import('cronstrue/locales/ko.js') },
};

// cronstrue itself (its English phrasing, 8 KB gzip) comes on demand too: a browser screen shows the form or
// list a description belongs to without waiting for it, and the description follows.
let describe: typeof import('cronstrue').toString | undefined;
let describerLoading: Promise<void> | undefined;

function loadDescriber(): Promise<void> {
  describerLoading ??= import('cronstrue').then(
    (module) => {
      describe = module.toString;
    },
    (error: unknown) => {
      // The next call tries again (the network may be back).
      describerLoading = undefined;
      throw error;
    },
  );
  return describerLoading;
}

const loaded = new Set<string>(['en']);

function cronstrueLocale(locale: CronLocale): string {
  return locale === 'en' || locale === 'hi' ? 'en' : localeFiles[locale].name;
}

/**
 * Loads what describing in a locale takes: cronstrue, then the locale's texts. Once cronstrue is there,
 * describeCron describes in English until the locale's texts are too.
 */
export async function loadDescriptionLocale(locale: string | undefined): Promise<void> {
  await loadDescriber();
  const resolved = resolveCronLocale(locale);
  if (resolved === 'en' || resolved === 'hi') return;
  const file = localeFiles[resolved];
  await file.load();
  loaded.add(file.name);
}

/** Whether describeCron can already describe in this locale. */
export function isDescriptionLocaleLoaded(locale: string | undefined): boolean {
  return describe !== undefined && loaded.has(cronstrueLocale(resolveCronLocale(locale)));
}

export interface DescribeOptions {
  readonly format?: CronFormat;
  readonly locale?: string;
}

/**
 * A human sentence for a valid expression in the locale (English for unknown or not yet loaded ones), else null.
 * Call loadDescriptionLocale first: before cronstrue is loaded this throws.
 */
export function describeCron(
  expression: string,
  { format = 'crontab', locale }: DescribeOptions = {},
): string | null {
  if (!describe) throw new Error('describeCron needs cronstrue: await loadDescriptionLocale first');
  if ('error' in parseCron(expression, format)) return null;
  const name = cronstrueLocale(resolveCronLocale(locale));
  return describe(expression.trim(), {
    locale: loaded.has(name) ? name : 'en',
    dayOfWeekStartIndexZero: format !== 'quartz',
  });
}
