// Parse + convert and describe 10,000 varied expressions; prints the median microseconds per expression.
// Run: node --import tsx bench/cron/run.ts
import {
  describeCron,
  loadDescriptionLocale,
  getFields,
  parseCron,
  valuesToSegmentText,
  type CronField,
  type CronFormat,
} from '@berth/cron';

const count = 10_000;
const rounds = 5;
const budgetMicroseconds = 20;

// A fixed seed keeps the figures comparable from run to run (mulberry32).
let seed = 0x5eed;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

function item(field: CronField): string {
  const a = between(field.min, field.max);
  const b = between(a, field.max);
  const step = between(1, Math.ceil((field.max - field.min + 1) / 2));
  switch (between(0, 3)) {
    case 0:
      return String(a);
    case 1:
      return `${a}-${b}`;
    case 2:
      return `*/${step}`;
    default:
      return `${a}-${b}/${step}`;
  }
}

function segment(field: CronField, format: CronFormat): string {
  const roll = random();
  if (roll < 0.35) return format !== 'crontab' && field.id.startsWith('day') && roll < 0.1 ? '?' : '*';
  if (roll < 0.8) return item(field);
  return Array.from({ length: between(2, 4) }, () => item(field)).join(',');
}

const formats: readonly CronFormat[] = ['crontab', 'quartz', 'spring'];
const expressions = Array.from({ length: count }, (_, index) => {
  const format = formats[index % formats.length] as CronFormat;
  return {
    format,
    expression: getFields(format)
      .map((field) => segment(field, format))
      .join(' '),
  };
});

function parseAndConvert(expression: string, format: CronFormat): void {
  const parsed = parseCron(expression, format);
  if ('error' in parsed) throw new Error(`${expression}: ${parsed.error}`);
  const fields = getFields(format);
  parsed.segments.forEach((parsedSegment, index) => {
    const field = fields[index] as CronField;
    if (valuesToSegmentText(parsedSegment.values, field.id, format) === null)
      throw new Error(`${expression}: ${field.id}`);
  });
}

function describe(expression: string, format: CronFormat): void {
  if (describeCron(expression, { format }) === null) throw new Error(`${expression}: no description`);
}

/** Median over all expressions and rounds of one call's duration, after a warm-up round. */
function medianMicroseconds(run: (expression: string, format: CronFormat) => void): number {
  for (const { expression, format } of expressions) run(expression, format);
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const { expression, format } of expressions) {
      const start = process.hrtime.bigint();
      run(expression, format);
      samples.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

const parseConvert = medianMicroseconds(parseAndConvert);
await loadDescriptionLocale('en');
const description = medianMicroseconds(describe);
console.log(`expressions: ${count} (crontab, quartz, spring), ${rounds} rounds`);
console.log(
  `parse + convert: ${parseConvert.toFixed(2)} µs median per expression (budget ${budgetMicroseconds} µs)`,
);
console.log(`describe:        ${description.toFixed(2)} µs median per expression`);
if (parseConvert >= budgetMicroseconds) {
  console.error('parse + convert is over budget');
  process.exitCode = 1;
}
