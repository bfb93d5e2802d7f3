/*
 * Reading the Prometheus text format (`GET /metrics`), for the server's tests and the benchmarks,
 * which import it as `@uniquair/server/test/helpers/prometheus-text`. No test framework here.
 */

/** One sample of the Prometheus text format: `name{label="value",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comment lines left out). */
export function samples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line);
    if (match === null) return [];
    const [, name = '', labelText = '', value = ''] = match;
    const labels = Object.fromEntries(
      [...labelText.matchAll(LABEL)].map(([, key = '', text = '']) => [key, text]),
    );
    return [{ name, labels, value: Number(value) }];
  });
}

/**
 * The value of the sample `name` whose labels are exactly `labels`; 0 when there is none (a
 * counter not counted yet).
 */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = samples(text).find(
    (sample) =>
      sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  );
  return found?.value ?? 0;
}
