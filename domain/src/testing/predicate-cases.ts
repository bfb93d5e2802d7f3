/**
 * Table rows for a predicate's test: each accepted input with `true`, then each rejected one with
 * `false`, for `it.each`. Test code only: nothing outside tests imports this file.
 */
export function predicateCases<T>(accepted: readonly T[], rejected: readonly T[]): [T, boolean][] {
  return [
    ...accepted.map((input): [T, boolean] => [input, true]),
    ...rejected.map((input): [T, boolean] => [input, false]),
  ];
}
