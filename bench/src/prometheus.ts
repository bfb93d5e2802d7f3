/** A labelled series of the server's request-time histogram, as its `/metrics` says it. */
export interface RouteTimes {
  /** Requests counted. */
  count: number;
  /** Requests answered within each bucket's upper bound, in seconds (cumulative, as scraped). */
  within: Map<number, number>;
}

const HISTOGRAM = 'uniquair_http_request_duration_seconds';

/** `name{a="1",b="2"} value` → its labels and value; null for comments and other lines. */
function sample(line: string): { name: string; labels: Map<string, string>; value: number } | null {
  const match = /^([a-zA-Z_:][\w:]*)\{([^}]*)\}\s+(\S+)$/.exec(line.trim());
  if (!match) return null;
  const labels = new Map<string, string>();
  for (const [, key = '', value = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
    labels.set(key, value);
  }
  return { name: match[1] ?? '', labels, value: Number(match[3]) };
}

/**
 * The times of one route's answers of one status class, read from the server's `/metrics`
 * (docs/operations.md "Metrics") with its metrics token: what an operator's dashboard shows.
 */
export async function routeTimes(
  origin: string,
  token: string,
  series: { method: string; route: string; statusClass: string },
): Promise<RouteTimes> {
  const response = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  const times: RouteTimes = { count: 0, within: new Map() };
  for (const line of (await response.text()).split('\n')) {
    const found = sample(line);
    if (
      !found ||
      found.labels.get('method') !== series.method ||
      found.labels.get('route') !== series.route ||
      found.labels.get('status_class') !== series.statusClass
    ) {
      continue;
    }
    if (found.name === `${HISTOGRAM}_count`) times.count = found.value;
    const le = found.labels.get('le');
    if (found.name === `${HISTOGRAM}_bucket` && le !== undefined && le !== '+Inf') {
      times.within.set(Number(le), found.value);
    }
  }
  return times;
}
