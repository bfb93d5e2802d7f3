import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

type Level = 'error' | 'warn';

interface ConsoleCall {
  readonly level: Level;
  readonly message: string;
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ?? value.message;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

let calls: ConsoleCall[] = [];
let allowed = false;
let spies: MockInstance[] = [];

/**
 * Fails any test that writes to console.error or console.warn: React, React Router and react-intl
 * report real problems there (missing messages, act() warnings, bad markup).
 */
export function installConsoleGuard(): void {
  beforeEach(() => {
    calls = [];
    allowed = false;
    spies = (['error', 'warn'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        calls.push({ level, message: args.map(describeValue).join(' ') });
      }),
    );
  });

  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
    if (allowed || calls.length === 0) return;
    const report = calls.map((call) => `console.${call.level}: ${call.message}`).join('\n\n');
    throw new Error(`Unexpected console output:\n${report}`);
  });
}

/**
 * For a test that expects errors to be logged (an error boundary at work): keeps the guard from
 * failing it and returns the calls recorded so far and from now on.
 */
export function allowConsoleOutput(): readonly ConsoleCall[] {
  allowed = true;
  return calls;
}
