import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** One progress message as a stream delivered it, with when it arrived (performance.now()). */
export interface Heard {
  status: string;
  progress: number;
  at: number;
}

/** A search progress stream held open: what it heard so far, and how it ended. */
export interface HeldStream {
  transport: 'SSE' | 'WebSocket';
  heard: Heard[];
  /** Settles when the stream ends: how (`end` for SSE; the close code and reason of a socket). */
  ended: Promise<string>;
}

function heardOf(json: string): Heard {
  const message = JSON.parse(json) as { status: string; progress: number };
  return { status: message.status, progress: message.progress, at: performance.now() };
}

/**
 * Opens `/spp/search/ssestatus/{hash}` on a connection of its own; resolves once the first
 * event (the state now) arrived.
 */
export function openEvents(base: string, hash: string): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const heard: Heard[] = [];
    const req = httpRequest(
      `${base}/spp/search/ssestatus/${hash}`,
      { agent: false },
      (response: IncomingMessage) => {
        if (response.statusCode !== 200) {
          reject(new Error(`SSE answered ${response.statusCode}`));
          return;
        }
        const ended = new Promise<string>((end) => {
          response.on('end', () => end('end'));
          response.on('error', (error) => end(`error: ${error.message}`));
        });
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            const data = /^data: (.*)$/m.exec(buffer.slice(0, split))?.[1];
            buffer = buffer.slice(split + 2);
            if (data) {
              heard.push(heardOf(data));
              if (heard.length === 1) resolve({ transport: 'SSE', heard, ended });
            }
            split = buffer.indexOf('\n\n');
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A client frame (clients mask theirs, RFC 6455 §5.3) with a short payload. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0)));
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]);
}

/**
 * Opens the WebSocket `/sp/search/status?hash=` (a minimal RFC 6455 client: text, ping and close
 * frames, all the server sends); resolves once the first message (the state now) arrived.
 */
export function openSocket(base: string, hash: string): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/sp/search/status?hash=${hash}`, {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
      },
    });
    req.on('response', (response) => reject(new Error(`no upgrade: ${response.statusCode}`)));
    req.on('error', reject);
    req.on('upgrade', (_response, socket: Socket, head: Buffer) => {
      const heard: Heard[] = [];
      let buffer = head;
      let end: (how: string) => void = () => undefined;
      const ended = new Promise<string>((settle) => {
        end = settle;
      });
      socket.on('close', () => end('closed without a close frame'));
      socket.on('error', (error) => end(`error: ${error.message}`));
      const onData = (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= 2) {
          const opcode = (buffer[0] ?? 0) & 0x0f;
          let length = (buffer[1] ?? 0) & 0x7f;
          let offset = 2;
          if (length === 126) {
            if (buffer.length < 4) return;
            length = buffer.readUInt16BE(2);
            offset = 4;
          } else if (length === 127) {
            if (buffer.length < 10) return;
            length = Number(buffer.readBigUInt64BE(2));
            offset = 10;
          }
          if (buffer.length < offset + length) return;
          const payload = buffer.subarray(offset, offset + length);
          buffer = buffer.subarray(offset + length);
          if (opcode === 0x1) {
            heard.push(heardOf(payload.toString('utf8')));
            if (heard.length === 1) resolve({ transport: 'WebSocket', heard, ended });
          } else if (opcode === 0x9) {
            socket.write(clientFrame(0xa, payload));
          } else if (opcode === 0x8) {
            const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
            end(`${code} ${payload.subarray(2).toString('utf8')}`);
            socket.end(clientFrame(0x8, payload.subarray(0, 2)));
          }
        }
      };
      socket.on('data', onData);
      if (head.length > 0) onData(Buffer.alloc(0));
    });
    req.end();
  });
}
