import fc from 'fast-check';

/**
 * Property tests run 100 cases by default. `FAST_CHECK_RUNS=20000 npm test` hunts for rare
 * counterexamples; `FAST_CHECK_SEED` replays a failing run with the seed fast-check printed.
 */
const runs = Number(process.env.FAST_CHECK_RUNS ?? '');
const seed = Number(process.env.FAST_CHECK_SEED ?? '');
fc.configureGlobal({
  ...(Number.isInteger(runs) && runs > 0 ? { numRuns: runs } : {}),
  ...(Number.isInteger(seed) && process.env.FAST_CHECK_SEED ? { seed } : {}),
});
