import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * A bare node:http baseline that answers recorded responses byte for byte: the same status,
 * headers and body the real server sent, with no framework, no database and no work beyond one
 * lookup. A request carrying If-Modified-Since or If-None-Match gets the recorded conditional
 * answer (304) for its path. The recordings come from the JSON file named by BENCH_REPLAY_FILE.
 */
interface Recording {
  path: string;
  conditional: boolean;
  status: number;
  headers: Record<string, string>;
  /** Base64. */
  body: string;
}

const recordings = JSON.parse(
  readFileSync(process.env.BENCH_REPLAY_FILE ?? '', 'utf8'),
) as Recording[];
const answers = new Map(
  recordings.map((recording) => [
    `${recording.path}${recording.conditional ? '#conditional' : ''}`,
    { ...recording, bytes: Buffer.from(recording.body, 'base64') },
  ]),
);

const server = createServer((request, response) => {
  const conditional =
    request.headers['if-modified-since'] !== undefined ||
    request.headers['if-none-match'] !== undefined;
  const answer = answers.get(`${request.url ?? ''}${conditional ? '#conditional' : ''}`);
  if (answer === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.bytes);
});

server.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening on ${port}`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
