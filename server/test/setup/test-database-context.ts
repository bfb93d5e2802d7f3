import type { Ymd } from '@uniquair/domain/dates/ymd';

/**
 * The fixed "today" of the test database: its flights run for a year from this day, and route
 * availability windows are placed around it. Tests that need the current date use this one.
 */
export const TEST_TODAY = '2026-11-23' as Ymd;

/** Where the global setup left the migrated and seeded base database for the workers. */
export type TestDatabaseContext =
  | { kind: 'sqlite'; directory: string; basePath: string }
  | { kind: 'postgres'; serverUrl: string; baseName: string; copyPrefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseContext;
  }
}
