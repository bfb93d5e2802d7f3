import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The real server (server/src/server.ts) with one addition for the benchmarks: a second listener
 * on BENCH_MEMORY_PORT (loopback) that collects garbage and answers `process.memoryUsage()` as
 * JSON, so that a benchmark reads the heap of the server process itself, not only its resident
 * size. (Not a signal: the server shuts down gracefully on SIGUSR2.)
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

createServer((_request, response) => {
  gc();
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(process.memoryUsage()));
})
  .listen(Number(process.env.BENCH_MEMORY_PORT), '127.0.0.1')
  .unref();

await import('../../../server/src/server.ts');
