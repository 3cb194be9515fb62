import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger';

describe('server logger', () => {
  it('redacts the Authorization header and passwords', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()),
    });
    const logger = createLogger({ destination: sink });
    logger.info({ req: { headers: { authorization: 'Bearer secret-token' } } }, 'request');
    logger.info({ body: { email: 'a@b.example', password: 'hunter2-Password' } }, 'body');
    logger.info({ currentPassword: 'old-Password-1', newPassword: 'new-Password-1' }, 'change');
    const output = lines.join('');
    for (const secret of ['secret-token', 'hunter2-Password', 'old-Password-1', 'new-Password-1'])
      expect(output).not.toContain(secret);
    expect(output).toContain('a@b.example');
    expect(output).toContain('[redacted]');
  });
});
