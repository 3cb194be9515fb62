import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserAnalytics } from '../../../shared/api/usage';
import { usageOs } from '../../../main/core/bridge/usage-handlers';
import { coreAgainstTestServer } from './core-against-server';

/** 'usage:record' through main to the real server, and User Analytics read back through the bridge. */
const { call, value, refusal, signIn } = coreAgainstTestServer();

const OS_LABEL = { windows: 'Windows', macos: 'macOS', linux: 'Linux', other: 'Other' } as const;

describe('console usage through the main process', () => {
  it('sends the batch with the host and OS main knows, for the signed-in user', async () => {
    await signIn('owner@demo.example');
    const before = await value<UserAnalytics>('usage.analytics', { query: { range: '7d' } });
    const now = Date.now();
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(
      await value('usage:record', {
        sessionId: randomUUID(),
        screen: 'large',
        events: [
          { kind: 'session_start', at: at(3000) },
          { kind: 'page_view', at: at(3000), path: '/dashboard' },
          { kind: 'page_view', at: at(1000), path: '/analytics' },
        ],
      }),
    ).toEqual({ stored: 3 });
    const after = await value<UserAnalytics>('usage.analytics', { query: { range: '7d' } });
    expect(after.kpis.totalSessions).toBe(before.kpis.totalSessions + 1);
    expect(after.kpis.pageViews).toBe(before.kpis.pageViews + 2);
    const device = `Browser · ${OS_LABEL[usageOs()]}`;
    const sessionsOn = (a: UserAnalytics) => a.devices.find((d) => d.device === device)?.sessions ?? 0;
    expect(sessionsOn(after)).toBe(sessionsOn(before) + 1);
  });

  it('does not let the renderer name the host, a user or a query string', async () => {
    await signIn('owner@demo.example');
    const base = { sessionId: randomUUID(), screen: 'large' };
    const heartbeat = [{ kind: 'heartbeat', at: new Date().toISOString() }];
    for (const input of [
      { ...base, events: heartbeat, host: 'electron' },
      { ...base, events: heartbeat, userId: randomUUID() },
      { ...base, events: [{ kind: 'page_view', at: new Date().toISOString(), path: '/users?q=ada' }] },
    ]) {
      expect(await refusal('usage:record', input)).toMatchObject({ code: 'INVALID' });
    }
  });

  it('needs a session', async () => {
    const result = await call('usage:record', {
      sessionId: randomUUID(),
      screen: 'small',
      events: [{ kind: 'heartbeat', at: new Date().toISOString() }],
    });
    expect(result).toMatchObject({ ok: false });
  });
});
