import { describe, expect, it } from 'vitest';
import { isDiskFull } from '../../../shared/disk-full';

const coded = (code: string, cause?: unknown) =>
  Object.assign(new Error(code), { code }, cause ? { cause } : {});

describe('isDiskFull', () => {
  it("knows the system's codes and PostgreSQL's disk_full, on the error or a cause", () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'EFBIG', '53100']) expect(isDiskFull(coded(code))).toBe(true);
    // drizzle wraps the driver's error: the SQLSTATE is on the cause.
    expect(isDiskFull(new Error('Failed query', { cause: coded('53100') }))).toBe(true);
  });

  it('is false for anything else', () => {
    for (const error of [
      coded('EACCES'),
      coded('53300'),
      coded('23505'),
      new Error('no space'),
      'ENOSPC',
      null,
    ])
      expect(isDiskFull(error)).toBe(false);
  });

  it('stops on a cause that points back at itself', () => {
    const loop: { code: string; cause?: unknown } = { code: 'EIO' };
    loop.cause = loop;
    expect(isDiskFull(loop)).toBe(false);
  });
});
