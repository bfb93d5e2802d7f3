import type { ParseArgsConfig } from 'node:util';
import { noPositionals, parseCommandLine, UsageError } from './command-line.ts';
import type { CommandOutput } from './run-command.ts';

/** The most rows a list command prints; without `--limit` it prints 20. */
const MAX_LIMIT = 1000;
const DURATION = /^(\d+)([mhd])$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `--since`: an instant, or a duration back from now (`90m`, `24h`, `7d`). */
export function parseSince(value: string, now: Date = new Date()): string {
  const duration = DURATION.exec(value);
  if (duration) {
    const unit = duration[2] as keyof typeof UNIT_MS;
    return new Date(now.getTime() - Number(duration[1]) * UNIT_MS[unit]).toISOString();
  }
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) {
    throw new UsageError(`--since must be a duration (24h, 7d) or a date, got "${value}".`);
  }
  return new Date(instant).toISOString();
}

/** An optional whole-number option within `min`..`max`. */
export function wholeNumber(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

const LIST_OPTIONS = {
  limit: { type: 'string' },
  since: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

type ExtraOptions = Record<string, { type: 'string' }>;

/**
 * The arguments of a list command: `--limit N`, `--since …`, `--json` and the command's own string
 * options; no positionals.
 */
export function parseListArgs<Extra extends ExtraOptions>(args: string[], extra: Extra) {
  const options: ParseArgsConfig['options'] = { ...LIST_OPTIONS, ...extra };
  const parsed = parseCommandLine(args, options);
  noPositionals(parsed.positionals);
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const text = (name: string) => values[name] as string | undefined;
  const limit = wholeNumber(text('limit'), '--limit', 1, MAX_LIMIT) ?? 20;
  const since = text('since');
  return {
    json: values.json === true,
    limit,
    since: since === undefined ? undefined : parseSince(since),
    option: (name: keyof Extra & string) => text(name),
  };
}

/**
 * Prints a list: one JSON object a line with `--json`; else `none` when it is empty, or each row
 * and then `total`. Answers the exit code.
 */
export function printList<Row>(
  output: CommandOutput,
  rows: readonly Row[],
  format: { json: boolean; none: string; total: string },
  printRow: (row: Row) => void,
): number {
  if (format.json) {
    for (const row of rows) output.out(JSON.stringify(row));
    return 0;
  }
  if (rows.length === 0) {
    output.out(format.none);
    return 0;
  }
  for (const row of rows) printRow(row);
  output.out(format.total);
  return 0;
}
