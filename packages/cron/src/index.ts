export { getFields, type CronField, type CronFormat, type FieldId } from './fields.ts';
export { parseSegment, valuesToSegmentText, type Segment, type SegmentKind } from './segment.ts';
export { parseCron, setField, type CronChange, type ParsedCron } from './expression.ts';
export {
  applyPeriod,
  editableFields,
  getPeriods,
  initialPeriod,
  periodCovers,
  type PeriodId,
} from './period.ts';
export { cronLocales, resolveCronLocale, type CronLocale } from './locales.ts';
export {
  describeCron,
  isDescriptionLocaleLoaded,
  loadDescriptionLocale,
  type DescribeOptions,
} from './describe.ts';
export { areTimeZonesLoaded, loadTimeZones, nextRuns, type NextRunsOptions } from './next-runs.ts';
