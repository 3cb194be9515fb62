import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../server/logger';
import { requestLoggerFactory } from '../../../../server/http/request-logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { lines, destination };
}

describe('the request logger', () => {
  it('writes what a pino child would, with the request id bound and secrets redacted', () => {
    const { lines, destination } = capture();
    const parent = createLogger({ level: 'info', destination });
    const log = requestLoggerFactory(parent, { reqId: 'req-1' }, {});
    log.info({ authorization: 'Bearer secret' }, 'incoming request');
    log.warn('slow');
    expect(lines).toMatchObject([
      { reqId: 'req-1', msg: 'incoming request', authorization: '[redacted]', level: 30 },
      { reqId: 'req-1', msg: 'slow', level: 40 },
    ]);
  });

  it('makes no pino child for a request that logs nothing written', () => {
    const { lines, destination } = capture();
    const parent = createLogger({ level: 'warn', destination });
    const child = vi.spyOn(parent, 'child');
    const log = requestLoggerFactory(parent, { reqId: 'req-2' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('follows the server level as it changes (debug mode), and a level set on it', () => {
    const { lines, destination } = capture();
    const parent = createLogger({ level: 'warn', destination });
    const log = requestLoggerFactory(parent, { reqId: 'req-3' }, {});
    parent.level = 'debug';
    log.debug('now written');
    expect(lines).toMatchObject([{ reqId: 'req-3', msg: 'now written', level: 20 }]);
    log.level = 'error';
    log.warn('not written');
    expect(lines).toHaveLength(1);
    expect(parent.level).toBe('debug');
  });

  it('is a pino child at once for a route with a level of its own', () => {
    const { lines, destination } = capture();
    const parent = createLogger({ level: 'warn', destination });
    const log = requestLoggerFactory(parent, { reqId: 'req-4' }, { level: 'debug' });
    log.debug('route level');
    expect(lines).toMatchObject([{ reqId: 'req-4', msg: 'route level' }]);
    expect(log.child({ part: 'x' })).toBeDefined();
  });
});
