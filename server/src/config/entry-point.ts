import { ConfigError, loadConfig, type Config } from './env.ts';

/**
 * Runs a process's entry point (the server, the stand-alone sandbox gateway) with the validated
 * configuration: an invalid one stops the process with its message naming each bad variable, and
 * a failure while starting stops it with the error.
 */
export function runWithConfig(main: (config: Config) => Promise<void>): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  main(config).catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
