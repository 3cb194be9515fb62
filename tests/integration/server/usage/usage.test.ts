/**
 * Console usage on both databases: POST /usage/events stores a batch for the token's user only, refuses
 * bad, oversized and stale batches and a flood (429, nothing stored); GET /analytics/usage answers the
 * figures of each range, checked against a small dataset computed by hand.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USAGE_LIMITS, type UserAnalytics, type UsageKind } from '../../../../shared/api/usage';
import { ERRORS, formatError } from '../../../../shared/errors';
import { usageEvents } from '../../../../server/db/schema';
import { USAGE_TEXTS } from '../../../../server/usage/store';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const S = 1000;
const MIN = 60 * S;

const batch = (events: object[], over: object = {}) => ({
  sessionId: randomUUID(),
  screen: 'large',
  host: 'electron',
  os: 'linux',
  events,
  ...over,
});

describe.each(testDatabases)('usage events on $name', (target) => {
  const suite = useServerSuite(target);
  const { clock } = suite;
  const at = (offsetMs = 0) => new Date(clock.now() + offsetMs).toISOString();

  const post = (token: string | null, payload: object) =>
    call(suite.app, {
      method: 'POST',
      url: '/usage/events',
      headers: token ? bearer(token) : {},
      payload,
    });
  const storedFor = async (userId: string) =>
    suite.database.db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
  const signedIn = async (role: 'super_admin' | 'center_admin' = 'super_admin') => {
    const user = await insertUser(suite.database, role);
    return { ...user, token: await tokenFor(suite.database, clock, user.id) };
  };

  it('stores a batch for the signed-in user, with the host, OS and screen class', async () => {
    const user = await signedIn('center_admin');
    const sent = batch(
      [
        { kind: 'session_start', at: at(-2 * MIN) },
        { kind: 'page_view', at: at(-2 * MIN), path: '/dashboard' },
        { kind: 'heartbeat', at: at(-MIN) },
        { kind: 'feature', at: at(-30 * S), feature: 'export' },
        { kind: 'session_end', at: at() },
      ],
      { host: 'browser', os: 'windows', screen: 'medium' },
    );
    const answer = await post(user.token, sent);
    expect(answer).toMatchObject({ status: 200, body: { success: true, data: { stored: 5 } } });
    const rows = await storedFor(user.id);
    expect(
      rows
        .sort((a, b) => a.id - b.id)
        .map((r) => [
          r.kind,
          r.path,
          r.feature,
          r.host,
          r.os,
          r.screen,
          r.sessionId,
          r.occurredAt.toISOString(),
        ]),
    ).toEqual([
      ['session_start', null, null, 'browser', 'windows', 'medium', sent.sessionId, at(-2 * MIN)],
      ['page_view', '/dashboard', null, 'browser', 'windows', 'medium', sent.sessionId, at(-2 * MIN)],
      ['heartbeat', null, null, 'browser', 'windows', 'medium', sent.sessionId, at(-MIN)],
      ['feature', null, 'export', 'browser', 'windows', 'medium', sent.sessionId, at(-30 * S)],
      ['session_end', null, null, 'browser', 'windows', 'medium', sent.sessionId, at()],
    ]);
    expect(rows.every((r) => r.receivedAt.getTime() === clock.now())).toBe(true);
  });

  it('attributes events to the token only: a user id in the body is refused, not used', async () => {
    const user = await signedIn();
    const other = await insertUser(suite.database, 'super_admin');
    const answer = await post(user.token, {
      ...batch([{ kind: 'page_view', at: at(), path: '/dashboard' }]),
      userId: other.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(ERRORS.invalidInput);
    expect(await storedFor(other.id)).toEqual([]);
    expect(await storedFor(user.id)).toEqual([]);
  });

  it('needs a session', async () => {
    const answer = await post(null, batch([{ kind: 'heartbeat', at: at() }]));
    expect(answer).toMatchObject({ status: 401, body: { error: ERRORS.authRequired } });
  });

  it.each([
    ['a query string in a path', [{ kind: 'page_view', at: 'now', path: '/audit-logs?search=secret' }]],
    ['a path that is not a route', [{ kind: 'page_view', at: 'now', path: 'https://example.com/x' }]],
    ['a feature outside the list', [{ kind: 'feature', at: 'now', feature: 'typed text' }]],
    ['text on an event', [{ kind: 'heartbeat', at: 'now', text: 'what the user typed' }]],
    ['an unknown kind', [{ kind: 'click', at: 'now' }]],
    ['no events', []],
    ['a date that is not one', [{ kind: 'heartbeat', at: 'yesterday' }]],
  ])('refuses %s', async (_name, events) => {
    const user = await signedIn();
    const answer = await post(
      user.token,
      batch(events.map((e) => ({ ...e, at: e.at === 'now' ? at() : e.at }))),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(ERRORS.invalidInput);
    expect(await storedFor(user.id)).toEqual([]);
  });

  it(`refuses a batch over ${USAGE_LIMITS.batchEvents} events, and an unknown host or screen`, async () => {
    const user = await signedIn();
    const many = Array.from({ length: USAGE_LIMITS.batchEvents + 1 }, () => ({
      kind: 'heartbeat',
      at: at(),
    }));
    const tooMany = await post(user.token, batch(many));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/events: .*100/);
    for (const over of [{ host: 'curl' }, { screen: 'huge' }, { os: 'amiga' }]) {
      const answer = await post(user.token, batch([{ kind: 'heartbeat', at: at() }], over));
      expect(answer.status).toBe(400);
    }
    expect(await storedFor(user.id)).toEqual([]);
  });

  it('refuses events dated more than a day ago or in the future, the whole batch', async () => {
    const user = await signedIn();
    for (const when of [at(-USAGE_LIMITS.maxAgeMs - 1), at(USAGE_LIMITS.maxFutureMs + 1)]) {
      const answer = await post(
        user.token,
        batch([
          { kind: 'heartbeat', at: at() },
          { kind: 'heartbeat', at: when },
        ]),
      );
      expect(answer).toMatchObject({ status: 400, body: { error: USAGE_TEXTS.badTime } });
    }
    expect(await storedFor(user.id)).toEqual([]);
  });

  it(`refuses a flood past ${USAGE_LIMITS.eventsPerMinute} events a minute, stores none of it`, async () => {
    const user = await signedIn();
    const other = await signedIn();
    const full = (n: number) => batch(Array.from({ length: n }, () => ({ kind: 'heartbeat', at: at() })));
    expect((await post(user.token, full(100))).status).toBe(200);
    expect((await post(user.token, full(100))).status).toBe(200);
    const flood = await post(user.token, full(USAGE_LIMITS.eventsPerMinute - 200 + 1));
    expect(flood).toMatchObject({ status: 429, body: { error: USAGE_TEXTS.flood } });
    expect(flood.body.error).toContain('at most 240 a minute');
    expect(flood.headers['retry-after']).toBe('60');
    expect(await storedFor(user.id)).toHaveLength(200);
    // Up to the limit exactly is fine; another user has a limit of their own.
    expect((await post(user.token, full(USAGE_LIMITS.eventsPerMinute - 200))).status).toBe(200);
    expect((await post(other.token, full(100))).status).toBe(200);
    // A minute later the window has moved on.
    clock.advance(MIN + 1);
    expect((await post(user.token, full(10))).status).toBe(200);
    expect(await storedFor(user.id)).toHaveLength(USAGE_LIMITS.eventsPerMinute + 10);
  });
});

describe.each(testDatabases)('user analytics on $name', (target) => {
  const suite = useServerSuite(target);
  const { clock } = suite;
  // clock: Monday 2026-03-02 09:00 UTC. 7d = 02-24 … 03-02 (previous 02-17 … 02-23); 30d from 02-01
  // (previous 01-02 … 01-31); 90d from 2025-12-03.
  const ids: Record<'u1' | 'u2', string> = { u1: '', u2: '' };
  let token = '';

  type Machine = { host: 'electron' | 'browser'; os: 'linux' | 'windows'; screen: 'large' | 'medium' };
  const desktop: Machine = { host: 'electron', os: 'linux', screen: 'large' };
  const browser: Machine = { host: 'browser', os: 'windows', screen: 'medium' };

  async function session(
    user: 'u1' | 'u2',
    machine: Machine,
    start: string,
    events: [UsageKind, number, string?][],
  ) {
    const base = Date.parse(start);
    const sessionId = randomUUID();
    await suite.database.db.insert(usageEvents).values(
      events.map(([kind, offset, name]) => ({
        userId: ids[user],
        sessionId,
        kind,
        path: kind === 'page_view' ? (name ?? '/dashboard') : null,
        feature: kind === 'feature' ? (name ?? null) : null,
        ...machine,
        occurredAt: new Date(base + offset),
        receivedAt: new Date(base + offset),
      })),
    );
  }

  it('loads the hand-computed dataset', async () => {
    ids.u1 = (await insertUser(suite.database, 'super_admin')).id;
    ids.u2 = (await insertUser(suite.database, 'app_owner')).id;
    token = await tokenFor(suite.database, clock, ids.u1);
    // A: 120 s, 2 page views, an export.
    await session('u1', desktop, '2026-03-02T08:00:00Z', [
      ['session_start', 0],
      ['page_view', 0],
      ['heartbeat', MIN],
      ['page_view', 90 * S, '/analytics'],
      ['feature', 95 * S, 'export'],
      ['session_end', 2 * MIN],
    ]);
    // B: a bounce of 5 s.
    await session('u2', browser, '2026-03-01T10:00:00Z', [
      ['page_view', 0],
      ['session_end', 5 * S],
    ]);
    // C (120 s) then, 40 minutes later in the same window, D (60 s, a filter).
    await session('u1', desktop, '2026-02-28T12:00:00Z', [
      ['page_view', 0],
      ['heartbeat', MIN],
      ['heartbeat', 2 * MIN],
      ['page_view', 42 * MIN, '/audit-logs'],
      ['feature', 42 * MIN + 10 * S, 'filter'],
      ['heartbeat', 43 * MIN],
    ]);
    // P, the previous week: 60 s, an export.
    await session('u1', desktop, '2026-02-20T09:00:00Z', [
      ['page_view', 0],
      ['feature', 10 * S, 'export'],
      ['heartbeat', MIN],
    ]);
    // Q, in 30d only: 60 s, 2 page views.
    await session('u2', browser, '2026-02-10T09:00:00Z', [
      ['page_view', 0],
      ['page_view', 20 * S, '/analytics'],
      ['heartbeat', MIN],
    ]);
    // R, in 90d (and in 30d's previous range): a bounce of 3 s.
    await session('u2', browser, '2026-01-15T09:00:00Z', [
      ['page_view', 0],
      ['session_end', 3 * S],
    ]);
  });

  const analytics = async (range: string, as = token) => {
    const answer = await call(suite.app, {
      method: 'GET',
      url: `/analytics/usage?range=${range}`,
      headers: bearer(as),
    });
    return { ...answer, data: answer.body.data as UserAnalytics };
  };

  it('answers the last 7 days', async () => {
    const { status, data } = await analytics('7d');
    expect(status).toBe(200);
    expect(data).toMatchObject({ range: '7d', from: '2026-02-24', to: '2026-03-02' });
    expect(data.kpis).toEqual({ totalSessions: 4, uniqueUsers: 2, pageViews: 5, avgSessionDuration: 76.3 });
    expect(data.trend.map((d) => d.date)).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(data.trend.filter((d) => d.sessions > 0)).toEqual([
      { date: '2026-02-28', sessions: 2, users: 1, pageViews: 2, avgSessionDuration: 90, bounceRate: 0 },
      { date: '2026-03-01', sessions: 1, users: 1, pageViews: 1, avgSessionDuration: 5, bounceRate: 100 },
      { date: '2026-03-02', sessions: 1, users: 1, pageViews: 2, avgSessionDuration: 120, bounceRate: 0 },
    ]);
    expect(data.engagement).toEqual([
      { metric: 'Pages per Session', current: 1.3, previous: 1, change: 30, unit: 'pages' },
      { metric: 'Average Session Duration', current: 76.3, previous: 60, change: 27.2, unit: 's' },
      { metric: 'Bounce Rate', current: 25, previous: 0, change: null, unit: '%' },
      { metric: 'Sessions per User', current: 2, previous: 1, change: 100, unit: 'sessions' },
      { metric: 'Daily Active Users', current: 0.4, previous: 0.1, change: 300, unit: 'users' },
    ]);
    expect(data.devices).toEqual([
      { device: 'Desktop app · Linux', sessions: 3, percentage: 75 },
      { device: 'Browser · Windows', sessions: 1, percentage: 25 },
    ]);
    expect(data.screens).toEqual([
      { device: 'Large screen (1280 px and wider)', sessions: 3, percentage: 75 },
      { device: 'Medium screen (768–1279 px)', sessions: 1, percentage: 25 },
    ]);
    expect(data.features.slice(0, 3)).toEqual([
      { feature: 'Data Export', usage: 50, users: 1, growth: 0 },
      { feature: 'Filters & Search', usage: 50, users: 1, growth: null },
      { feature: 'Alert Dismissal', usage: 0, users: 0, growth: null },
    ]);
    expect(data.features).toHaveLength(10);
  });

  it('answers the last 30 and 90 days', async () => {
    const month = (await analytics('30d')).data;
    expect(month).toMatchObject({ from: '2026-02-01', to: '2026-03-02' });
    expect(month.trend).toHaveLength(30);
    expect(month.kpis).toEqual({ totalSessions: 6, uniqueUsers: 2, pageViews: 8, avgSessionDuration: 70.8 });
    expect(month.engagement.find((m) => m.metric === 'Bounce Rate')).toEqual({
      metric: 'Bounce Rate',
      current: 16.7,
      previous: 100,
      change: -83.3,
      unit: '%',
    });
    expect(month.features[0]).toEqual({ feature: 'Data Export', usage: 50, users: 1, growth: null });

    const quarter = (await analytics('90d')).data;
    expect(quarter).toMatchObject({ from: '2025-12-03', to: '2026-03-02' });
    expect(quarter.trend).toHaveLength(90);
    expect(quarter.kpis).toEqual({
      totalSessions: 7,
      uniqueUsers: 2,
      pageViews: 9,
      avgSessionDuration: 61.1,
    });
    expect(quarter.engagement.every((m) => m.previous === 0 && m.change === null)).toBe(true);
  });

  it('refuses other ranges with a clear 400', async () => {
    for (const range of ['quarter', '1y', '']) {
      const answer = await analytics(range);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        `${ERRORS.invalidInput}: range: The range must be one of 7d, 30d or 90d`,
      );
    }
  });

  it('needs analytics.view_platform', async () => {
    const admin = await insertUser(suite.database, 'center_admin');
    const answer = await analytics('7d', await tokenFor(suite.database, clock, admin.id));
    expect(answer).toMatchObject({
      status: 403,
      body: { error: formatError(ERRORS.forbidden, { permission: 'analytics.view_platform' }) },
    });
  });
});
