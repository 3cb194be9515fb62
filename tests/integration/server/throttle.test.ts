import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_POLICY, createLoginThrottle, throttleKeys } from '../../../server/auth/throttle';
import { loginThrottle } from '../../../server/db/schema';
import { testDatabases } from '../../support/databases';
import { useServerSuite } from '../../support/suite';

describe.each(testDatabases)('login throttle store on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const { clock } = suite;
  const minutes = (n: number) => n * 60_000;

  it('forgets failures older than the window, and drops rows nobody needs any more', async () => {
    const throttle = createLoginThrottle(suite.database.db, DEFAULT_THROTTLE_POLICY, clock.now);
    const victim = throttleKeys('victim@x.example', '10.5.0.1');
    for (let i = 0; i < 4; i++) await throttle.recordFailure(victim);
    expect(await throttle.retryAfterSeconds(victim)).toBeUndefined();

    // Four old failures and one new one are not five within the window.
    clock.advance(minutes(16));
    await throttle.recordFailure(victim);
    expect(await throttle.retryAfterSeconds(victim)).toBeUndefined();

    clock.advance(minutes(16));
    await throttle.recordFailure(throttleKeys('someone-else@x.example', '10.5.0.2'));
    const keys = (await suite.database.db.select({ key: loginThrottle.key }).from(loginThrottle)).map(
      (r) => r.key,
    );
    expect(keys).not.toContain(victim.account);
    expect(keys).toContain('account:someone-else@x.example|10.5.0.2');
  });

  it('caps the block at 15 minutes', async () => {
    const throttle = createLoginThrottle(suite.database.db, DEFAULT_THROTTLE_POLICY, clock.now);
    const keys = throttleKeys('capped@x.example', '10.6.0.1');
    for (let i = 0; i < 12; i++) await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(15 * 60);
    clock.advance(minutes(15));
    expect(await throttle.retryAfterSeconds(keys)).toBeUndefined();
  });
});
