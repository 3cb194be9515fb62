/**
 * The main process's alert relay against the real server in demo mode: it subscribes with the session
 * token, feeds the banner's list, the tray count and the desktop notifications, follows sign-in and
 * sign-out, and leaves a role without alerts.read alone. The demo's jobs run on pg-boss's test clock.
 */
import { TestClock } from 'pg-boss';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BannerAlert } from '../../../shared/alerts';
import type { BridgeResult, EventPayload } from '../../../shared/bridge/contract';
import type { DesktopNotification } from '../../../main/core/alerts/shell';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue, openFileKeyEncryptor, type KeyValue } from '../../../main/core/store';
import { SEEDED_DEMO_ALERTS } from '../../../server/alerts/demo';
import { createLogger } from '../../../server/logger';
import { startServer, type RunningServer } from '../../../server/start';
import { makeTempDir } from '../../unit/main/temp-dir';
import { DEMO_PASSWORD } from './real-server';

const jobClock = new TestClock();
let server: RunningServer;
let temp: ReturnType<typeof makeTempDir>;
let core: ConsoleCore;
let kv: KeyValue;
let logger: ReturnType<typeof createMemoryLogger>;
let notifications: DesktopNotification[];
let trayCounts: number[];
let changes: EventPayload<'alerts:changed'>[];

beforeAll(async () => {
  server = await startServer({
    host: '127.0.0.1',
    port: 0,
    seedDemo: true,
    config: { jwtSecret: 'test-secret-'.repeat(4), random: () => 0.99 },
    jobClock,
    logger: createLogger({ level: 'silent' }),
  });
}, 120_000);
afterAll(async () => server?.close());

async function startCore(): Promise<ConsoleCore> {
  const started = await startConsoleCore({
    host: 'browser',
    version: '1.0.0',
    config: readConfig({ CONSOLE_GATEWAY_URL: server.url }),
    kv,
    encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
    dataDir: temp.dir,
    logger,
    notifier: { notify: (n) => notifications.push(n) },
    tray: { setAlertCount: (count) => trayCounts.push(count) },
  });
  started.events.subscribe((message) => {
    if (message.event === 'alerts:changed') changes.push(message.payload);
  });
  return started;
}

beforeEach(async () => {
  temp = makeTempDir();
  kv = memoryKeyValue();
  logger = createMemoryLogger();
  notifications = [];
  trayCounts = [];
  changes = [];
  core = await startCore();
});
afterEach(async () => {
  await core.close();
  temp.remove();
});

function call(channel: string, input?: unknown): Promise<BridgeResult<unknown>> {
  return handle({ handlers: core.handlers, logger, isTrustedSender: () => true }, channel, input, null);
}
async function value<T>(channel: string, input?: unknown): Promise<T> {
  const result = await call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}
const signIn = (email: string) => value('auth:login', { email, password: DEMO_PASSWORD });
const titles = (alerts: BannerAlert[]) => alerts.map((a) => a.title);
const SEEDED = SEEDED_DEMO_ALERTS.map((a) => a.title);

describe('alert relay against the real server', () => {
  it('relays the demo alerts, notifies critical and high ones, counts undismissed ones in the tray', async () => {
    expect(await value('alerts:list')).toEqual([]);
    await signIn('admin@demo.example');
    expect(core.relay.active).toBe(true);

    // The first stream started the demonstration: the first seeded alert, then one every 2 s.
    await vi.waitFor(() => expect(core.alerts.list()).toHaveLength(1));
    for (let n = 2; n <= SEEDED.length; n++) {
      await jobClock.tick(2_000);
      await vi.waitFor(() => expect(core.alerts.list()).toHaveLength(n));
    }
    const list = await value<BannerAlert[]>('alerts:list');
    expect(titles(list)).toEqual([...SEEDED].reverse());
    expect(changes.at(-1)?.alerts).toEqual(list);
    expect(trayCounts.at(-1)).toBe(SEEDED.length);
    expect(notifications.map((n) => n.priority)).toEqual(['high', 'high', 'critical']);
    expect(notifications[2]).toEqual({
      title: 'Suspicious Sign-in Attempts',
      body: expect.stringMatching(/^\d+ failed sign-in attempts? in the last 30 days\.$/),
      priority: 'critical',
    });

    const critical = list.find((a) => a.priority === 'critical');
    const after = await value<BannerAlert[]>('alerts:dismiss', { id: critical?.id });
    expect(after.find((a) => a.id === critical?.id)?.dismissed).toBe(true);
    expect(trayCounts.at(-1)).toBe(SEEDED.length - 1);

    // A restart of the console: the replay brings the alerts back, the dismissal holds, nobody is notified.
    await core.close();
    notifications = [];
    core = await startCore();
    expect(await value('auth:session')).toMatchObject({ status: 'authenticated' });
    await vi.waitFor(() => expect(core.alerts.list()).toHaveLength(SEEDED.length));
    expect(core.alerts.list().find((a) => a.id === critical?.id)?.dismissed).toBe(true);
    expect(trayCounts.at(-1)).toBe(SEEDED.length - 1);
    expect(notifications).toEqual([]);

    // Sign-out: the stream stops and the banner and the tray empty.
    await value('auth:logout');
    expect(core.relay.active).toBe(false);
    expect(core.alerts.list()).toEqual([]);
    expect(trayCounts.at(-1)).toBe(0);
  });

  it('leaves the banner empty for a role without alerts.read', async () => {
    await signIn('director@demo.example');
    await vi.waitFor(() => expect(core.relay.active).toBe(false));
    expect(core.alerts.list()).toEqual([]);
    expect(logger.lines.join('\n')).toContain('may not see alerts');
  });

  it('refuses a malformed dismissal at the bridge', async () => {
    const result = await call('alerts:dismiss', { id: '' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID' } });
  });
});
