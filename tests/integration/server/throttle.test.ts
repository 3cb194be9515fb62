import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_POLICY, createLoginThrottle, throttleKeys } from '../../../server/auth/throttle';
import type { Database } from '../../../server/db/client';
import { loginThrottle } from '../../../server/db/schema';
import { testDatabases } from '../../support/databases';
import { createClock } from '../../support/server';

describe.each(testDatabases)('login throttle store on $name', (target) => {
  let database: Database;
  const clock = createClock();
  const minutes = (n: number) => n * 60_000;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('forgets failures older than the window, and drops rows nobody needs any more', async () => {
    const throttle = createLoginThrottle(database.db, DEFAULT_THROTTLE_POLICY, clock.now);
    const victim = throttleKeys('victim@x.example', '10.5.0.1');
    for (let i = 0; i < 4; i++) await throttle.recordFailure(victim);
    expect(await throttle.retryAfterSeconds(victim)).toBeUndefined();

    // Four old failures and one new one are not five within the window.
    clock.advance(minutes(16));
    await throttle.recordFailure(victim);
    expect(await throttle.retryAfterSeconds(victim)).toBeUndefined();

    clock.advance(minutes(16));
    await throttle.recordFailure(throttleKeys('someone-else@x.example', '10.5.0.2'));
    const keys = (await database.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key);
    expect(keys).not.toContain(victim.account);
    expect(keys).toContain('account:someone-else@x.example|10.5.0.2');
  });

  it('caps the block at 15 minutes', async () => {
    const throttle = createLoginThrottle(database.db, DEFAULT_THROTTLE_POLICY, clock.now);
    const keys = throttleKeys('capped@x.example', '10.6.0.1');
    for (let i = 0; i < 12; i++) await throttle.recordFailure(keys);
    expect(await throttle.retryAfterSeconds(keys)).toBe(15 * 60);
    clock.advance(minutes(15));
    expect(await throttle.retryAfterSeconds(keys)).toBeUndefined();
  });
});
