import { resolveCronLocale, type CronLocale, type FieldId, type PeriodId } from '@berth/cron';

export interface CronEditorTexts {
  readonly period: string;
  readonly periods: Readonly<Record<PeriodId, string>>;
  readonly fields: Readonly<Record<FieldId, string>>;
  /** Shown for a field with nothing selected (`*`). */
  readonly all: string;
  /** Shown for `?`, which only day fields of quartz and spring can hold. */
  readonly noSpecific: string;
  readonly everyN: (step: number) => string;
  readonly expression: string;
  readonly nextRuns: (timezone: string) => string;
}

const en: CronEditorTexts = {
  period: 'Schedule',
  periods: {
    'q-second': 'Every second',
    'q-minute': 'Every minute',
    'q-hour': 'Every hour',
    minute: 'Every minute',
    hour: 'Every hour',
    day: 'Every day',
    week: 'Every week',
    month: 'Every month',
    year: 'Every year',
  },
  fields: {
    second: 'Seconds',
    minute: 'Minutes',
    hour: 'Hours',
    day: 'Days of month',
    month: 'Months',
    dayOfWeek: 'Days of week',
  },
  all: 'All',
  noSpecific: 'No specific day',
  everyN: (step) => `every ${step}`,
  expression: 'Cron expression',
  nextRuns: (timezone) => `Next runs (${timezone})`,
};

const de: CronEditorTexts = {
  period: 'Zeitplan',
  periods: {
    'q-second': 'Jede Sekunde',
    'q-minute': 'Jede Minute',
    'q-hour': 'Jede Stunde',
    minute: 'Jede Minute',
    hour: 'Jede Stunde',
    day: 'Jeden Tag',
    week: 'Jede Woche',
    month: 'Jeden Monat',
    year: 'Jedes Jahr',
  },
  fields: {
    second: 'Sekunden',
    minute: 'Minuten',
    hour: 'Stunden',
    day: 'Tage im Monat',
    month: 'Monate',
    dayOfWeek: 'Wochentage',
  },
  all: 'Alle',
  noSpecific: 'Kein bestimmter Tag',
  everyN: (step) => `alle ${step}`,
  expression: 'Cron-Ausdruck',
  nextRuns: (timezone) => `Nächste Ausführungen (${timezone})`,
};

const pt: CronEditorTexts = {
  period: 'Agendamento',
  periods: {
    'q-second': 'A cada segundo',
    'q-minute': 'A cada minuto',
    'q-hour': 'A cada hora',
    minute: 'A cada minuto',
    hour: 'A cada hora',
    day: 'Todos os dias',
    week: 'Todas as semanas',
    month: 'Todos os meses',
    year: 'Todos os anos',
  },
  fields: {
    second: 'Segundos',
    minute: 'Minutos',
    hour: 'Horas',
    day: 'Dias do mês',
    month: 'Meses',
    dayOfWeek: 'Dias da semana',
  },
  all: 'Todos',
  noSpecific: 'Nenhum dia específico',
  everyN: (step) => `a cada ${step}`,
  expression: 'Expressão cron',
  nextRuns: (timezone) => `Próximas execuções (${timezone})`,
};

const es: CronEditorTexts = {
  period: 'Programación',
  periods: {
    'q-second': 'Cada segundo',
    'q-minute': 'Cada minuto',
    'q-hour': 'Cada hora',
    minute: 'Cada minuto',
    hour: 'Cada hora',
    day: 'Cada día',
    week: 'Cada semana',
    month: 'Cada mes',
    year: 'Cada año',
  },
  fields: {
    second: 'Segundos',
    minute: 'Minutos',
    hour: 'Horas',
    day: 'Días del mes',
    month: 'Meses',
    dayOfWeek: 'Días de la semana',
  },
  all: 'Todos',
  noSpecific: 'Ningún día específico',
  everyN: (step) => `cada ${step}`,
  expression: 'Expresión cron',
  nextRuns: (timezone) => `Próximas ejecuciones (${timezone})`,
};

const da: CronEditorTexts = {
  period: 'Tidsplan',
  periods: {
    'q-second': 'Hvert sekund',
    'q-minute': 'Hvert minut',
    'q-hour': 'Hver time',
    minute: 'Hvert minut',
    hour: 'Hver time',
    day: 'Hver dag',
    week: 'Hver uge',
    month: 'Hver måned',
    year: 'Hvert år',
  },
  fields: {
    second: 'Sekunder',
    minute: 'Minutter',
    hour: 'Timer',
    day: 'Dage i måneden',
    month: 'Måneder',
    dayOfWeek: 'Ugedage',
  },
  all: 'Alle',
  noSpecific: 'Ingen bestemt dag',
  everyN: (step) => `hver ${step}.`,
  expression: 'Cron-udtryk',
  nextRuns: (timezone) => `Næste kørsler (${timezone})`,
};

const zh: CronEditorTexts = {
  period: '计划',
  periods: {
    'q-second': '每秒',
    'q-minute': '每分钟',
    'q-hour': '每小时',
    minute: '每分钟',
    hour: '每小时',
    day: '每天',
    week: '每周',
    month: '每月',
    year: '每年',
  },
  fields: {
    second: '秒',
    minute: '分钟',
    hour: '小时',
    day: '日期',
    month: '月份',
    dayOfWeek: '星期',
  },
  all: '全部',
  noSpecific: '不指定日期',
  everyN: (step) => `每 ${step}`,
  expression: 'Cron 表达式',
  nextRuns: (timezone) => `下次运行（${timezone}）`,
};

const he: CronEditorTexts = {
  period: 'תזמון',
  periods: {
    'q-second': 'כל שנייה',
    'q-minute': 'כל דקה',
    'q-hour': 'כל שעה',
    minute: 'כל דקה',
    hour: 'כל שעה',
    day: 'כל יום',
    week: 'כל שבוע',
    month: 'כל חודש',
    year: 'כל שנה',
  },
  fields: {
    second: 'שניות',
    minute: 'דקות',
    hour: 'שעות',
    day: 'ימים בחודש',
    month: 'חודשים',
    dayOfWeek: 'ימים בשבוע',
  },
  all: 'הכול',
  noSpecific: 'ללא יום מסוים',
  everyN: (step) => `כל ${step}`,
  expression: 'ביטוי cron',
  nextRuns: (timezone) => `ההרצות הבאות (${timezone})`,
};

const ru: CronEditorTexts = {
  period: 'Расписание',
  periods: {
    'q-second': 'Каждую секунду',
    'q-minute': 'Каждую минуту',
    'q-hour': 'Каждый час',
    minute: 'Каждую минуту',
    hour: 'Каждый час',
    day: 'Каждый день',
    week: 'Каждую неделю',
    month: 'Каждый месяц',
    year: 'Каждый год',
  },
  fields: {
    second: 'Секунды',
    minute: 'Минуты',
    hour: 'Часы',
    day: 'Дни месяца',
    month: 'Месяцы',
    dayOfWeek: 'Дни недели',
  },
  all: 'Все',
  noSpecific: 'Без определённого дня',
  everyN: (step) => `каждые ${step}`,
  expression: 'Cron-выражение',
  nextRuns: (timezone) => `Следующие запуски (${timezone})`,
};

const fr: CronEditorTexts = {
  period: 'Planification',
  periods: {
    'q-second': 'Chaque seconde',
    'q-minute': 'Chaque minute',
    'q-hour': 'Chaque heure',
    minute: 'Chaque minute',
    hour: 'Chaque heure',
    day: 'Chaque jour',
    week: 'Chaque semaine',
    month: 'Chaque mois',
    year: 'Chaque année',
  },
  fields: {
    second: 'Secondes',
    minute: 'Minutes',
    hour: 'Heures',
    day: 'Jours du mois',
    month: 'Mois',
    dayOfWeek: 'Jours de la semaine',
  },
  all: 'Tous',
  noSpecific: 'Aucun jour précis',
  everyN: (step) => `tous les ${step}`,
  expression: 'Expression cron',
  nextRuns: (timezone) => `Prochaines exécutions (${timezone})`,
};

const hi: CronEditorTexts = {
  period: 'अनुसूची',
  periods: {
    'q-second': 'हर सेकंड',
    'q-minute': 'हर मिनट',
    'q-hour': 'हर घंटे',
    minute: 'हर मिनट',
    hour: 'हर घंटे',
    day: 'हर दिन',
    week: 'हर सप्ताह',
    month: 'हर महीने',
    year: 'हर साल',
  },
  fields: {
    second: 'सेकंड',
    minute: 'मिनट',
    hour: 'घंटे',
    day: 'महीने के दिन',
    month: 'महीने',
    dayOfWeek: 'सप्ताह के दिन',
  },
  all: 'सभी',
  noSpecific: 'कोई विशेष दिन नहीं',
  everyN: (step) => `हर ${step}`,
  expression: 'क्रॉन एक्सप्रेशन',
  nextRuns: (timezone) => `अगले रन (${timezone})`,
};

const ja: CronEditorTexts = {
  period: 'スケジュール',
  periods: {
    'q-second': '毎秒',
    'q-minute': '毎分',
    'q-hour': '毎時',
    minute: '毎分',
    hour: '毎時',
    day: '毎日',
    week: '毎週',
    month: '毎月',
    year: '毎年',
  },
  fields: {
    second: '秒',
    minute: '分',
    hour: '時',
    day: '日',
    month: '月',
    dayOfWeek: '曜日',
  },
  all: 'すべて',
  noSpecific: '日を指定しない',
  everyN: (step) => `${step}ごと`,
  expression: 'cron 式',
  nextRuns: (timezone) => `次回の実行（${timezone}）`,
};

const ko: CronEditorTexts = {
  period: '일정',
  periods: {
    'q-second': '매초',
    'q-minute': '매분',
    'q-hour': '매시간',
    minute: '매분',
    hour: '매시간',
    day: '매일',
    week: '매주',
    month: '매월',
    year: '매년',
  },
  fields: {
    second: '초',
    minute: '분',
    hour: '시',
    day: '일',
    month: '월',
    dayOfWeek: '요일',
  },
  all: '전체',
  noSpecific: '특정 일 없음',
  everyN: (step) => `${step}마다`,
  expression: 'Cron 표현식',
  nextRuns: (timezone) => `다음 실행 (${timezone})`,
};

const texts: Record<CronLocale, CronEditorTexts> = {
  en,
  de,
  pt,
  es,
  da,
  zh,
  'zh-cn': zh,
  he,
  ru,
  fr,
  hi,
  ja,
  ko,
};

/** The editor's texts for a BCP 47 tag; tags outside the 13 locales of SPEC §9 get English. */
export function getCronEditorTexts(locale: string | undefined): CronEditorTexts {
  return texts[resolveCronLocale(locale)];
}
