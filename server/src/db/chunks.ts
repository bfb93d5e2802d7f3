/** Values bound in one list of a statement: well below SQLite's and PostgreSQL's limits. */
export const VALUES_PER_STATEMENT = 500;

/** `items` in consecutive slices of at most `size`, for statements that bind them as a list. */
export function chunks<T>(items: readonly T[], size: number = VALUES_PER_STATEMENT): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
