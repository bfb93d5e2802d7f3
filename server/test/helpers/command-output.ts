import type { CommandOutput } from '../../src/cli/run-command.ts';

/** A command's output kept in memory: every line it printed, normal and error alike. */
export function capture(): CommandOutput & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (line) => lines.push(line), err: (line) => lines.push(line) };
}
