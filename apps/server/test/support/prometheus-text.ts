// A strict reader of Prometheus' text exposition format (version 0.0.4), for the metrics tests: every family
// declares its type before its samples, every sample belongs to a declared family (a histogram's `_bucket`,
// `_sum` and `_count`), label values are quoted with their escapes, values are numbers. Anything else throws,
// naming the line. (The npm parsers drop the labels of histograms, which are what Berth's are about.)

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`bad labels in: ${line}`);
    const [, name = '', raw = ''] = match;
    if (name in labels) throw new Error(`label ${name} twice in: ${line}`);
    labels[name] = raw.replace(/\\(.)/g, (_, escaped: string) => (escaped === 'n' ? '\n' : escaped));
  }
  return labels;
}

/** As Prometheus reads values (Go's ParseFloat): infinities and NaN in any case (prom-client writes `Nan`). */
function numberOf(text: string, line: string): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
    if (meta) {
      const [, kind, name = '', rest = ''] = meta;
      if (kind === 'HELP') helps.set(name, rest);
      else {
        if (families.has(name)) throw new Error(`family ${name} declared twice`);
        if (!(rest in SUFFIXES)) throw new Error(`bad type in: ${line}`);
        families.set(name, { type: rest as Family['type'], help: helps.get(name) ?? '', samples: [] });
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const [, name = '', labels = '', value = ''] = match;
    const owner = [...families.entries()].find(([family, { type }]) =>
      SUFFIXES[type].some((suffix) => `${family}${suffix}` === name),
    );
    if (!owner) throw new Error(`sample of no declared family: ${line}`);
    owner[1].samples.push({ name, labels: labelsOf(labels, line), value: numberOf(value, line) });
  }
  return families;
}

/** The value of the sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    const found = family.samples.find(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
    if (found) return found.value;
  }
  return undefined;
}
