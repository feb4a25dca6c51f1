import { portalLanguage } from '@/lib/language.ts';
import { downloadText } from '@/lib/download-file.ts';
import type { LogLineItem } from '../api/log-line-fragment.ts';

const timeFormat = new Intl.DateTimeFormat(portalLanguage(), {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
});

/** When a line was written, to the millisecond, in the reader's time zone. */
export const lineTime = (line: LogLineItem) => timeFormat.format(new Date(line.occurredAt));

/** Who wrote the line: its replica (container logs) or run (job run logs). */
export const lineWriter = (line: LogLineItem) => line.replica ?? line.run ?? '';

/**
 * The lines as a .log file: one per line, each with its time (UTC, ISO 8601), who wrote it and its stream,
 * so that the file means the same wherever it is read.
 */
export function logFileText(lines: readonly LogLineItem[]): string {
  return lines
    .map((line) => `${line.occurredAt} ${lineWriter(line)} ${line.stream.toLowerCase()} ${line.line}\n`)
    .join('');
}

/** Saves the lines as `{name}.log` through the browser's download. */
export const downloadLog = (name: string, lines: readonly LogLineItem[]) =>
  downloadText(`${name}.log`, logFileText(lines));
