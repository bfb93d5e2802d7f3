import { createServer } from 'node:http';

/**
 * The baseline: a bare node:http server answering the same JSON shape as /api/health, with no
 * framework, no database and no middleware. Listens on BENCH_PORT and says so on stdout.
 */
const body = JSON.stringify({
  success: true,
  status: 'ok',
  version: '0.7.0',
  database: { kind: 'sqlite', latencyMs: 0 },
});

const server = createServer((request, response) => {
  if (request.url === '/api/health') {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
    return;
  }
  response.writeHead(404).end();
});

server.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening on ${port}`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
