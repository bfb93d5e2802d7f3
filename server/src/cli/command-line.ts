import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * Reading an operator command's arguments, with no database: a command line it does not
 * understand is a {@link UsageError}, which the command's entry point prints with its usage and
 * answers with exit code 2.
 */

/** A problem with the command line; the command prints it with its usage and exits with 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type CommandOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * A command's arguments: Node's `parseArgs`, positionals allowed, with its own refusals (an
 * unknown option, an option without its value, a value given to a flag) as a {@link UsageError},
 * so that they exit with 2 and the usage like every other bad command line.
 */
export function parseCommandLine<const Options extends CommandOptions>(
  args: string[],
  options: Options,
): ReturnType<typeof parseArgs<{ args: string[]; options: Options; allowPositionals: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals: true });
  } catch (error) {
    if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message);
    }
    throw error;
  }
}

/** Refuses the positionals of a command that takes none. */
export function noPositionals(positionals: readonly string[]): void {
  if (positionals.length > 0) {
    throw new UsageError(`Unexpected argument "${positionals.join(' ')}".`);
  }
}
