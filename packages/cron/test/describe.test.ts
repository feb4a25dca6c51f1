import { describe, expect, test } from 'vitest';
import {
  cronLocales,
  describeCron,
  isDescriptionLocaleLoaded,
  loadDescriptionLocale,
  resolveCronLocale,
} from '../src/index.ts';

describe('resolveCronLocale', () => {
  test.for([
    { tag: undefined, locale: 'en' },
    { tag: 'de', locale: 'de' },
    { tag: 'de-AT', locale: 'de' },
    { tag: 'zh', locale: 'zh' },
    { tag: 'zh-CN', locale: 'zh-cn' },
    { tag: 'zh-TW', locale: 'zh' },
    { tag: 'pt-BR', locale: 'pt' },
    { tag: 'HE', locale: 'he' },
    { tag: 'it', locale: 'en' },
    { tag: '', locale: 'en' },
  ])('$tag → $locale', ({ tag, locale }) => {
    expect(resolveCronLocale(tag)).toBe(locale);
  });

  test('the 13 editor locales of SPEC §9', () => {
    expect(cronLocales).toEqual([
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
    ]);
  });
});

describe('describeCron', () => {
  // Runs first: cronstrue and the locale texts load once per process.
  test('needs cronstrue loaded, then describes in English until a locale is loaded', async () => {
    expect(isDescriptionLocaleLoaded('en')).toBe(false);
    expect(() => describeCron('0 4 * * 1')).toThrow(/loadDescriptionLocale/);
    await loadDescriptionLocale('en');
    expect(isDescriptionLocaleLoaded('en')).toBe(true);
    expect(isDescriptionLocaleLoaded('ko')).toBe(false);
    expect(describeCron('0 4 * * 1', { locale: 'ko' })).toBe('At 04:00 AM, only on Monday');
    await loadDescriptionLocale('ko');
    expect(isDescriptionLocaleLoaded('ko')).toBe(true);
    expect(describeCron('0 4 * * 1', { locale: 'ko' })).toBe('오전 04:00, 월요일에만');
  });

  test.for([
    { format: 'crontab', expression: '0 4 * * 1', text: 'At 04:00 AM, only on Monday' },
    { format: 'crontab', expression: '*/5 * * * *', text: 'Every 5 minutes' },
    { format: 'quartz', expression: '0 0 4 ? * 2', text: 'At 04:00 AM, only on Monday' },
    { format: 'quartz', expression: '0 0 4 15 * ?', text: 'At 04:00 AM, on day 15 of the month' },
    { format: 'spring', expression: '0 0 4 ? * 1', text: 'At 04:00 AM, only on Monday' },
  ] as const)('$format $expression: $text', ({ format, expression, text }) => {
    expect(describeCron(expression, { format })).toBe(text);
  });

  test.for([
    { locale: 'de', text: 'Um 04:00, nur jeden Montag' },
    { locale: 'de-DE', text: 'Um 04:00, nur jeden Montag' },
    { locale: 'pt', text: 'Às 04:00, somente de segunda-feira' },
    { locale: 'es', text: 'A las 04:00, sólo el lunes' },
    { locale: 'da', text: 'Kl 04:00, på enhver mandag' },
    { locale: 'zh', text: '在上午 04:00, 仅星期一' },
    { locale: 'zh-cn', text: '在上午 04:00, 仅星期一' },
    { locale: 'he', text: 'ב 04:00, רק ב יום שני' },
    { locale: 'ru', text: 'В 04:00, только в понедельник' },
    { locale: 'fr', text: 'À 04:00, uniquement le lundi' },
    { locale: 'ja', text: '次において実施04:00月曜日 にのみ' },
    { locale: 'hi', text: 'At 04:00 AM, only on Monday' },
    { locale: 'en', text: 'At 04:00 AM, only on Monday' },
    { locale: 'it', text: 'At 04:00 AM, only on Monday' },
  ])('in $locale', async ({ locale, text }) => {
    await loadDescriptionLocale(locale);
    expect(describeCron('0 4 * * 1', { locale })).toBe(text);
  });

  test('an invalid expression has no description', () => {
    expect(describeCron('0 4 * *')).toBeNull();
    expect(describeCron('0 4 * * 7')).toBeNull();
    expect(describeCron('0 0 4 * * 0', { format: 'quartz' })).toBeNull();
  });
});
