/** What {@link findInJson} asks of each string, number and object key it meets. */
export interface JsonMatch {
  /** A string value (or, with `keys`, an object key) that is what is looked for. */
  readonly text: (text: string) => boolean;
  /** A number value that is what is looked for; numbers are passed over without it. */
  readonly number?: (value: number) => boolean;
  /** Whether object keys are looked at too. */
  readonly keys?: boolean;
}

/** How deep a request's JSON is looked into; deeper parts are passed over. */
const MAX_DEPTH = 32;

/**
 * The path (`body.passengers.0.firstName`) of the first value in a parsed JSON body, query or
 * set of parameters that `match` finds, or null. Buffers (a multipart upload) are not JSON and
 * are passed over.
 */
export function findInJson(
  value: unknown,
  path: string,
  match: JsonMatch,
  depth = 0,
): string | null {
  if (depth > MAX_DEPTH) return null;
  if (typeof value === 'string') return match.text(value) ? path : null;
  if (typeof value === 'number') return match.number?.(value) ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findInJson(value[index], `${path}.${index}`, match, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const keyPath = `${path}.${key}`;
      if (match.keys && match.text(key)) return keyPath;
      const found = findInJson(item, keyPath, match, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}
