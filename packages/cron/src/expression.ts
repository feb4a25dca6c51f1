import { getFields, type CronFormat, type FieldId } from './fields.ts';
import { parseSegment, type Segment } from './segment.ts';

export type ParsedCron = { readonly segments: readonly Segment[] } | { readonly error: string };

export interface CronChange {
  readonly expression: string;
  readonly error?: string;
}

/** Splits an expression into its segments, one per field, ignoring surrounding and repeated whitespace. */
export function splitExpression(expression: string): string[] {
  const trimmed = expression.trim();
  return trimmed === '' ? [] : trimmed.split(/\s+/);
}

/** Parses a whole expression, with the editor's error messages of SPEC §5. */
export function parseCron(expression: string, format: CronFormat = 'crontab'): ParsedCron {
  const fields = getFields(format);
  const texts = splitExpression(expression);
  if (texts.length !== fields.length) return { error: 'invalid pattern' };
  const segments: Segment[] = [];
  for (const [index, field] of fields.entries()) {
    const text = texts[index] as string;
    const segment = parseSegment(text, field.id, format);
    if (segment === null) return { error: `${text} is not a valid cron segment (${field.id})` };
    segments.push(segment);
  }
  return { segments };
}

/** A segment that picks specific values, as opposed to `*` or `?`. */
export function isSpecific(segment: Segment): boolean {
  return segment.kind !== 'any' && segment.kind !== 'noSpecific';
}

/**
 * Replaces one field's segment. In quartz and spring a specific day of month makes the day of week `?`, and the
 * reverse, because those schedulers accept only one of the two. The expression must be valid; an invalid `text`
 * leaves it unchanged with the conversion error of SPEC §5.
 */
export function setField(
  expression: string,
  fieldId: FieldId,
  text: string,
  format: CronFormat = 'crontab',
): CronChange {
  const parsed = parseCron(expression, format);
  if ('error' in parsed) return { expression, error: parsed.error };
  const segment = parseSegment(text, fieldId, format);
  if (segment === null) return { expression, error: `failed to convert ${text} to cron (${fieldId})` };

  const fields = getFields(format);
  const texts = parsed.segments.map((current) => current.text);
  texts[fields.findIndex((field) => field.id === fieldId)] = text;
  if (format !== 'crontab' && isSpecific(segment) && (fieldId === 'day' || fieldId === 'dayOfWeek')) {
    const other = fieldId === 'day' ? 'dayOfWeek' : 'day';
    texts[fields.findIndex((field) => field.id === other)] = '?';
  }
  return { expression: texts.join(' ') };
}
