import type { CronLocale } from '@berth/cron';
import type { CronEditorTexts } from './translations.ts';

// The editor's texts in its other twelve languages, fetched by translations.ts the first time one is wanted.

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
  resetFields: (period, fields) => `Auf „Alle“ zurückgesetzt, da „${period}“ sie nicht verwendet: ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'Einmal' : count === 2 ? 'Zweimal' : `${count}-mal`} ${
      {
        minute: 'pro Minute',
        hour: 'pro Stunde',
        day: 'am Tag',
        week: 'pro Woche',
        month: 'im Monat',
        year: 'im Jahr',
      }[unit]
    }`,
  atTimes: (times) => `um ${times}`,
  onWeekdays: (weekdays) => `am ${weekdays}`,
  onDays: (days) => `an den Tagen ${days} des Monats`,
  inMonths: (months) => `im ${months}`,
  clauseSeparator: ', ',
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
  resetFields: (period, fields) => `Redefinidos para Todos, pois “${period}” não os usa: ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'Uma vez' : count === 2 ? 'Duas vezes' : `${count} vezes`} ${
      {
        minute: 'por minuto',
        hour: 'por hora',
        day: 'por dia',
        week: 'por semana',
        month: 'por mês',
        year: 'por ano',
      }[unit]
    }`,
  atTimes: (times) => `às ${times}`,
  onWeekdays: (weekdays) => `em ${weekdays}`,
  onDays: (days) => `nos dias ${days} do mês`,
  inMonths: (months) => `em ${months}`,
  clauseSeparator: ', ',
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
  resetFields: (period, fields) => `Restablecidos a Todos, porque «${period}» no los usa: ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'Una vez' : count === 2 ? 'Dos veces' : `${count} veces`} ${
      {
        minute: 'por minuto',
        hour: 'por hora',
        day: 'al día',
        week: 'a la semana',
        month: 'al mes',
        year: 'al año',
      }[unit]
    }`,
  atTimes: (times) => `a las ${times}`,
  onWeekdays: (weekdays) => `los ${weekdays}`,
  onDays: (days) => `los días ${days} del mes`,
  inMonths: (months) => `en ${months}`,
  clauseSeparator: ', ',
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
  resetFields: (period, fields) => `Nulstillet til Alle, da »${period}« ikke bruger dem: ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'Én gang' : count === 2 ? 'To gange' : `${count} gange`} ${
      {
        minute: 'i minuttet',
        hour: 'i timen',
        day: 'om dagen',
        week: 'om ugen',
        month: 'om måneden',
        year: 'om året',
      }[unit]
    }`,
  atTimes: (times) => `kl. ${times}`,
  onWeekdays: (weekdays) => `hver ${weekdays}`,
  onDays: (days) => `den ${days}. i måneden`,
  inMonths: (months) => `i ${months}`,
  clauseSeparator: ', ',
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
  resetFields: (period, fields) => `“${period}”不使用这些字段，已重置为全部：${fields}。`,
  runsPer: (count, unit) =>
    `每${{ minute: '分钟', hour: '小时', day: '天', week: '周', month: '月', year: '年' }[unit]} ${count} 次`,
  atTimes: (times) => `时间为 ${times}`,
  onWeekdays: (weekdays) => `在${weekdays}`,
  onDays: (days) => `在每月 ${days} 日`,
  inMonths: (months) => `在${months}`,
  clauseSeparator: '，',
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
  resetFields: (period, fields) => `אופסו ל„הכול”, כי „${period}” לא משתמש בהם: ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'פעם אחת' : count === 2 ? 'פעמיים' : `${count} פעמים`} ${
      { minute: 'בדקה', hour: 'בשעה', day: 'ביום', week: 'בשבוע', month: 'בחודש', year: 'בשנה' }[unit]
    }`,
  atTimes: (times) => `בשעות ${times}`,
  onWeekdays: (weekdays) => `ב${weekdays}`,
  onDays: (days) => `בימים ${days} בחודש`,
  inMonths: (months) => `בחודשים ${months}`,
  clauseSeparator: ', ',
};

// 2-4, 22-24…: раза; 1, 5-20, 21…: раз.
const russianTimes = new Intl.PluralRules('ru');

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
  resetFields: (period, fields) => `Сброшены на «Все», так как «${period}» их не использует: ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'Один раз' : count === 2 ? 'Дважды' : `${count} ${russianTimes.select(count) === 'few' ? 'раза' : 'раз'}`} ${
      { minute: 'в минуту', hour: 'в час', day: 'в день', week: 'в неделю', month: 'в месяц', year: 'в год' }[
        unit
      ]
    }`,
  atTimes: (times) => `в ${times}`,
  onWeekdays: (weekdays) => `по дням: ${weekdays}`,
  onDays: (days) => `по числам: ${days}`,
  inMonths: (months) => `в месяцы: ${months}`,
  clauseSeparator: ', ',
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
  resetFields: (period, fields) => `Remis à Tous, car « ${period} » ne les utilise pas : ${fields}.`,
  runsPer: (count, unit) =>
    `${count === 1 ? 'Une fois' : count === 2 ? 'Deux fois' : `${count} fois`} ${
      {
        minute: 'par minute',
        hour: 'par heure',
        day: 'par jour',
        week: 'par semaine',
        month: 'par mois',
        year: 'par an',
      }[unit]
    }`,
  atTimes: (times) => `à ${times}`,
  onWeekdays: (weekdays) => `le ${weekdays}`,
  onDays: (days) => `le ${days} du mois`,
  inMonths: (months) => `en ${months}`,
  clauseSeparator: ', ',
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
  resetFields: (period, fields) => `"सभी" पर रीसेट किए गए, क्योंकि "${period}" इनका उपयोग नहीं करता: ${fields}।`,
  runsPer: (count, unit) =>
    `${{ minute: 'प्रति मिनट', hour: 'प्रति घंटे', day: 'दिन में', week: 'सप्ताह में', month: 'महीने में', year: 'साल में' }[unit]} ${
      count === 1 ? 'एक बार' : count === 2 ? 'दो बार' : `${count} बार`
    }`,
  atTimes: (times) => `${times} पर`,
  onWeekdays: (weekdays) => `${weekdays} को`,
  onDays: (days) => `महीने की ${days} तारीख को`,
  inMonths: (months) => `${months} में`,
  clauseSeparator: ', ',
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
  resetFields: (period, fields) => `「${period}」では使わないため「すべて」に戻しました：${fields}`,
  runsPer: (count, unit) =>
    `${{ minute: '1分間に', hour: '1時間に', day: '1日', week: '週', month: '月', year: '年' }[unit]}${count}回`,
  atTimes: (times) => `${times}に実行`,
  onWeekdays: (weekdays) => weekdays,
  onDays: (days) => `毎月${days}日`,
  inMonths: (months) => months,
  clauseSeparator: '、',
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
  resetFields: (period, fields) => `'${period}'에서는 사용하지 않아 '전체'로 재설정했습니다: ${fields}`,
  runsPer: (count, unit) =>
    `${{ minute: '분당', hour: '시간당', day: '하루', week: '주', month: '월', year: '연' }[unit]} ${count}회`,
  atTimes: (times) => `${times}에 실행`,
  onWeekdays: (weekdays) => weekdays,
  onDays: (days) => `매월 ${days}일`,
  inMonths: (months) => months,
  clauseSeparator: ', ',
};

export const otherLocaleTexts: Readonly<Record<Exclude<CronLocale, 'en'>, CronEditorTexts>> = {
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
