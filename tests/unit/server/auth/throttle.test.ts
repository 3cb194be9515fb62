import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_POLICY, blockDurationMs, throttleKeys } from '../../../../server/auth/throttle';

describe('login throttle policy', () => {
  const block = (failures: number) => blockDurationMs(failures, 5, DEFAULT_THROTTLE_POLICY);

  it('blocks from the fifth failure, doubling from 30 s up to 15 min', () => {
    expect([1, 4].map(block)).toEqual([0, 0]);
    expect([5, 6, 7, 8, 9, 10].map(block)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000]);
    expect(block(500)).toBe(900_000);
  });

  it('keys by (email, IP) and by IP, case-blind on the email', () => {
    expect(throttleKeys(' Admin@Demo.example', '10.0.0.1')).toEqual({
      account: 'account:admin@demo.example|10.0.0.1',
      ip: 'ip:10.0.0.1',
    });
  });
});
