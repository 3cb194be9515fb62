import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_POLICY, createLoginThrottle, throttleKeys } from '../../../../server/auth/throttle';
import { loginThrottle } from '../../../../server/db/schema';
import { testDatabases } from '../../../support/databases';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('login throttle store on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const { clock } = suite;
  const minutes = (n: number) => n * 60_000;
  const throttle = () => createLoginThrottle(suite.database.db, DEFAULT_THROTTLE_POLICY, clock.now);

  it('forgets failures older than the window, and drops rows nobody needs any more', async () => {
    const store = throttle();
    const victim = throttleKeys('victim@x.example', '10.5.0.1');
    for (let i = 0; i < 4; i++) expect(await store.reserve(victim)).toBeUndefined();
    expect(await store.retryAfterSeconds(victim)).toBeUndefined();

    // Four old failures and one new one are not five within the window.
    clock.advance(minutes(16));
    expect(await store.reserve(victim)).toBeUndefined();
    expect(await store.retryAfterSeconds(victim)).toBeUndefined();

    clock.advance(minutes(16));
    expect(await store.reserve(throttleKeys('someone-else@x.example', '10.5.0.2'))).toBeUndefined();
    const keys = (await suite.database.db.select({ key: loginThrottle.key }).from(loginThrottle)).map(
      (r) => r.key,
    );
    expect(keys).not.toContain(victim.account);
    expect(keys).toContain('account:someone-else@x.example|10.5.0.2');
  });

  it('refuses while blocked, doubles each block after it, and caps it at 15 minutes', async () => {
    // A window long enough for the doublings to reach the cap (30 s … 480 s add up to more than 15 minutes).
    const store = createLoginThrottle(
      suite.database.db,
      { ...DEFAULT_THROTTLE_POLICY, windowMs: minutes(120) },
      clock.now,
    );
    const keys = throttleKeys('capped@x.example', '10.6.0.1');
    for (let i = 0; i < 5; i++) expect(await store.reserve(keys)).toBeUndefined();
    expect(await store.reserve(keys)).toBe(30);
    let block = 30;
    for (const seconds of [60, 120, 240, 480, 900, 900]) {
      clock.advance(block * 1000);
      expect(await store.reserve(keys)).toBeUndefined();
      expect(await store.reserve(keys)).toBe(seconds);
      block = seconds;
    }
  });

  it('40 reservations at once: exactly five are taken, on the row lock, and none past the block', async () => {
    const store = throttle();
    const keys = throttleKeys('burst@x.example', '10.7.0.1');
    const answers = await Promise.all(Array.from({ length: 40 }, () => store.reserve(keys)));
    expect(answers.filter((a) => a === undefined)).toHaveLength(5);
    expect(answers.filter((a) => a === 30)).toHaveLength(35);
  });

  it('a released reservation is not a failure, and lifts the block it set', async () => {
    const store = throttle();
    const keys = throttleKeys('released@x.example', '10.8.0.1');
    for (let i = 0; i < 4; i++) await store.reserve(keys);
    expect(await store.reserve(keys)).toBeUndefined(); // the fifth: blocks, while it is checked
    expect(await store.retryAfterSeconds(keys)).toBe(30);
    await store.release(keys); // it was right after all
    expect(await store.retryAfterSeconds(keys)).toBeUndefined();
    expect(await store.reserve(keys)).toBeUndefined();
    expect(await store.reserve(keys)).toBe(30);
    // A finished sign-in clears the pair, not the address.
    await store.clear(keys);
    expect(await store.reserve(keys)).toBeUndefined();
    const [ip] = await suite.database.db
      .select({ failures: loginThrottle.failures })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, keys.ip));
    expect(ip?.failures).toBe(6);
  });
});
