export type CronFormat = 'crontab' | 'quartz' | 'spring';

export type FieldId = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'dayOfWeek';

export interface CronField {
  readonly id: FieldId;
  readonly min: number;
  readonly max: number;
}

const second: CronField = { id: 'second', min: 0, max: 59 };
const minute: CronField = { id: 'minute', min: 0, max: 59 };
const hour: CronField = { id: 'hour', min: 0, max: 23 };
const day: CronField = { id: 'day', min: 1, max: 31 };
const month: CronField = { id: 'month', min: 1, max: 12 };
// Quartz counts weekdays 1-7 from Sunday; crontab and spring count 0-6 from Sunday.
const dayOfWeekFromZero: CronField = { id: 'dayOfWeek', min: 0, max: 6 };
const dayOfWeekFromOne: CronField = { id: 'dayOfWeek', min: 1, max: 7 };

const fieldsByFormat: Record<CronFormat, readonly CronField[]> = {
  crontab: [minute, hour, day, month, dayOfWeekFromZero],
  quartz: [second, minute, hour, day, month, dayOfWeekFromOne],
  spring: [second, minute, hour, day, month, dayOfWeekFromZero],
};

/** The fields of an expression in the order they are written. */
export function getFields(format: CronFormat = 'crontab'): readonly CronField[] {
  return fieldsByFormat[format];
}

/** The field with this id in the format, or undefined when the format has no such field (second in crontab). */
export function findField(fieldId: FieldId, format: CronFormat): CronField | undefined {
  return fieldsByFormat[format].find((field) => field.id === fieldId);
}

/** Whether `?` (no specific value) is allowed in this field. */
export function allowsNoSpecific(fieldId: FieldId, format: CronFormat): boolean {
  return format !== 'crontab' && (fieldId === 'day' || fieldId === 'dayOfWeek');
}
