/** One sample of a scrape. */
export interface PrometheusSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Readonly<Record<string, readonly string[]>> = {
  counter: ['_total', '_created', ''],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  summary: ['', '_sum', '_count', '_created'],
  untyped: [''],
};

function parseValue(text: string, line: number): number {
  // As Go's ParseFloat reads them (Prometheus' parser): Inf and NaN in any case.
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: '${text}' is not a sample value`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` → labels; the escapes of the format (\\, \", \n) only. */
function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = /^([^=]+)="((?:[^"\\]|\\[\\"n])*)"(,|$)/.exec(rest);
    if (!match) throw new Error(`line ${line}: malformed labels '{${text}}'`);
    const [whole, name, raw] = match as unknown as [string, string, string];
    if (!LABEL_NAME.test(name)) throw new Error(`line ${line}: '${name}' is not a label name`);
    if (name in labels) throw new Error(`line ${line}: label '${name}' repeated`);
    labels[name] = raw.replace(/\\(["\\n])/g, (_escape, character: string) => (character === 'n' ? '\n' : character));
    rest = rest.slice(whole.length);
  }
  return labels;
}

/**
 * A strict reader of Prometheus' text exposition format 0.0.4 (what `promtool check metrics`
 * checks the syntax of): HELP and TYPE once per family and before its samples, valid names,
 * labels and values, samples named as their family's type allows, no sample repeated, and
 * histogram buckets that never decrease and end with `+Inf` equal to `_count`.
 */
export function parsePrometheusText(text: string): PrometheusSample[] {
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const seen = new Set<string>();
  const samples: PrometheusSample[] = [];
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (content === '') return;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(content);
    if (comment) {
      const [, kind, name, rest] = comment as unknown as [string, string, string, string];
      if (!METRIC_NAME.test(name)) throw new Error(`line ${line}: '${name}' is not a metric name`);
      if (kind === 'HELP') {
        if (helped.has(name)) throw new Error(`line ${line}: second HELP for ${name}`);
        helped.add(name);
      } else {
        if (types.has(name)) throw new Error(`line ${line}: second TYPE for ${name}`);
        if (!TYPES.has(rest)) throw new Error(`line ${line}: unknown type '${rest}'`);
        if (samples.some((sample) => sample.name.startsWith(name))) throw new Error(`line ${line}: TYPE of ${name} after its samples`);
        types.set(name, rest);
      }
      return;
    }
    if (content.startsWith('#')) return;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(content);
    if (!sample) throw new Error(`line ${line}: malformed sample '${content}'`);
    const [, name, labelText, valueText] = sample as unknown as [string, string, string | undefined, string];
    const labels = labelText ? parseLabels(labelText, line) : {};
    const family = [...types.keys()].find((candidate) => (SUFFIXES[types.get(candidate)!] ?? []).some((suffix) => candidate + suffix === name));
    if (!family) throw new Error(`line ${line}: sample ${name} has no TYPE before it`);
    const identity = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(identity)) throw new Error(`line ${line}: sample ${identity} repeated`);
    seen.add(identity);
    samples.push({ name, labels, value: parseValue(valueText, line) });
  });
  checkHistograms(samples, types);
  return samples;
}

function checkHistograms(samples: readonly PrometheusSample[], types: ReadonlyMap<string, string>): void {
  for (const [family, type] of types) {
    if (type !== 'histogram') continue;
    const series = new Map<string, PrometheusSample[]>();
    for (const sample of samples.filter((candidate) => candidate.name === `${family}_bucket`)) {
      const { le: _le, ...rest } = sample.labels;
      const key = JSON.stringify(Object.entries(rest).sort());
      series.set(key, [...(series.get(key) ?? []), sample]);
    }
    for (const [key, buckets] of series) {
      const values = buckets.map((bucket) => bucket.value);
      if (values.some((value, index) => index > 0 && value < values[index - 1]!)) throw new Error(`${family}${key}: buckets decrease`);
      if (buckets.at(-1)?.labels.le !== '+Inf') throw new Error(`${family}${key}: the last bucket is not +Inf`);
      const count = samples.find((sample) => sample.name === `${family}_count` && JSON.stringify(Object.entries(sample.labels).sort()) === key);
      if (count?.value !== values.at(-1)) throw new Error(`${family}${key}: _count differs from the +Inf bucket`);
    }
  }
}

/** The sum of a metric's samples whose labels include `match`. */
export function sumOf(samples: readonly PrometheusSample[], name: string, match: Readonly<Record<string, string>> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(match).every(([label, value]) => sample.labels[label] === value))
    .reduce((total, sample) => total + sample.value, 0);
}
