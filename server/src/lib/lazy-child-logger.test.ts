import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger.ts';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const parent = pino({ level }, stream);
  return { parent, lines, child: vi.spyOn(parent, 'child') };
}

describe('lazyChildLoggerFactory', () => {
  it('makes no child for a request that writes nothing at an enabled level', () => {
    const { parent, lines, child } = capture('warn');
    const log = lazyChildLoggerFactory(parent, { reqId: 'r-1' }, {});
    log.info('incoming request');
    log.debug({ detail: 1 }, 'noise');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('binds the request id to every line once the request logs', async () => {
    const { parent, lines, child } = capture('info');
    const log = lazyChildLoggerFactory(parent, { reqId: 'r-2' }, {});
    log.info('incoming request');
    log.warn({ field: 'body.card' }, 'refused');
    log.child({ step: 'pay' }).error('failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(child).toHaveBeenCalledTimes(2);
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['r-2', 'incoming request'],
      ['r-2', 'refused'],
      ['r-2', 'failed'],
    ]);
    expect(lines[1]?.field).toBe('body.card');
    expect(lines[2]?.step).toBe('pay');
  });

  it('hands a logger that is not pino its usual child', () => {
    const made = { info() {} };
    const plain = { child: vi.fn(() => made) };
    const log = lazyChildLoggerFactory(plain as never, { reqId: 'r-3' }, {});
    expect(log).toBe(made);
    expect(plain.child).toHaveBeenCalledWith({ reqId: 'r-3' }, {});
  });
});
