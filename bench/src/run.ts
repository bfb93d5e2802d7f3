import { accountsBenchmark } from './benchmarks/accounts.ts';
import { bookingBenchmark } from './benchmarks/booking.ts';
import { clusterBenchmark } from './benchmarks/cluster.ts';
import { dataBenchmark } from './benchmarks/data.ts';
import { healthBenchmark } from './benchmarks/health.ts';
import { heldStreamsBenchmark } from './benchmarks/held-streams.ts';
import { manageBenchmark } from './benchmarks/manage.ts';
import { priceWatchBenchmark } from './benchmarks/price-watch.ts';
import { searchPageBenchmark } from './benchmarks/search-page.ts';
import { searchBenchmark } from './benchmarks/search.ts';
import { webBenchmark } from './benchmarks/web.ts';
import { removeWebBuild } from './harness.ts';

/** `npm run bench [-- name…]`: runs the named benchmarks, or all of them, and prints figures. */
const benchmarks: Record<string, () => Promise<void>> = {
  health: healthBenchmark,
  data: dataBenchmark,
  search: searchBenchmark,
  'search-page': searchPageBenchmark,
  web: webBenchmark,
  accounts: accountsBenchmark,
  booking: bookingBenchmark,
  manage: manageBenchmark,
  'held-streams': heldStreamsBenchmark,
  cluster: clusterBenchmark,
  'price-watch': priceWatchBenchmark,
};

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(benchmarks).join(', ')}`,
  );
  process.exit(2);
}

try {
  for (const name of requested.length > 0 ? requested : Object.keys(benchmarks)) {
    const run = benchmarks[name];
    if (run) await run();
  }
} finally {
  removeWebBuild();
}
