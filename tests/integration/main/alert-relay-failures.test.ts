/**
 * The relay's failure paths, against a plain HTTP server on loopback that misbehaves on purpose: an error
 * answer and a dropped stream are retried (resuming after Last-Event-ID), a malformed alert is skipped,
 * a 401 ends the session like any 401, an unreachable server is retried until stop.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StreamedAlert } from '../../../shared/alerts';
import { ERRORS } from '../../../shared/errors';
import { createAlertFeed } from '../../../main/core/alerts/feed';
import { createAlertRelay, type AlertRelay } from '../../../main/core/alerts/relay';
import { createBridgeEventBus } from '../../../main/core/bridge/events';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue } from '../../../main/core/store';
import { closedPortUrl, fakeTokens, json, startFakeServer } from './fake-server';

const alert = (n: number): StreamedAlert => ({
  id: `a${n}`,
  title: `Alert ${n}`,
  message: '',
  type: 'warning',
  priority: 'high',
  category: 'technical',
  metadata: {},
  timestamp: new Date(Date.UTC(2026, 2, 2, 9, 0, n)).toISOString(),
});

function sse(response: ServerResponse, events: string[], end: boolean): void {
  response.writeHead(200, { 'Content-Type': 'text/event-stream' });
  for (const event of events) response.write(event);
  if (end) response.end();
}
const event = (name: string, id: number, data: unknown) =>
  `id: ${id}\nevent: ${name}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

let relay: AlertRelay | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  relay?.stop();
  for (const close of closers.splice(0)) await close();
});

function setUp(baseUrl: string) {
  const logger = createMemoryLogger();
  const tokens = fakeTokens('token-1');
  const notified: string[] = [];
  const expired: string[] = [];
  const feed = createAlertFeed({
    events: createBridgeEventBus(logger),
    notifier: { notify: (n) => notified.push(n.title) },
    tray: { setAlertCount: () => {} },
    kv: memoryKeyValue(),
    logger,
  });
  relay = createAlertRelay({
    baseUrl,
    tokens,
    feed,
    logger,
    onUnauthorized: (message) => expired.push(message),
    retryFirstMs: 10,
  });
  return { logger, tokens, feed, notified, expired, relay };
}

describe('alert relay failures', () => {
  it('retries an error and a dropped stream, resumes after Last-Event-ID, skips a malformed alert, stops on 401', async () => {
    let calls = 0;
    const server = await startFakeServer({
      'GET /alerts/stream': (_request, response) => {
        calls += 1;
        if (calls === 1) return json(response, 500, { success: false, error: 'boom' });
        if (calls === 2)
          return sse(
            response,
            [
              event('recent', 6, alert(6)),
              event('alert', 7, '{"not": "an alert"'),
              event('alert', 8, alert(8)),
            ],
            true,
          );
        return json(response, 401, { success: false, error: ERRORS.authRequired });
      },
    });
    closers.push(server.close);
    const { logger, tokens, feed, notified, expired, relay: subject } = setUp(server.url);

    subject.sync();
    await vi.waitFor(() => expect(subject.active).toBe(false));
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(Array(3).fill('Bearer token-1'));
    expect(server.requests[1]?.headers['last-event-id']).toBeUndefined();
    expect(server.requests[2]?.headers['last-event-id']).toBe('8');
    // The replayed one is listed, not notified; the live one is both.
    expect(feed.list().map((a) => a.id)).toEqual(['a8', 'a6']);
    expect(notified).toEqual(['Alert 8']);
    expect(logger.lines.join('\n')).toMatch(/alert stream failed \(Error: HTTP 500\)/);
    expect(logger.lines.join('\n')).toContain('does not match the contract');
    // Part 1 §4: a 401 clears the token and sends the renderer to /login.
    expect(tokens.state.token).toBeNull();
    expect(expired).toEqual([ERRORS.authRequired]);
  });

  it('keeps retrying an unreachable server until stopped, and a sign-out empties the feed', async () => {
    const { logger, feed, relay: subject, tokens } = setUp(await closedPortUrl());
    feed.receive(alert(1), false);
    subject.sync();
    await vi.waitFor(() =>
      expect(logger.lines.filter((l) => l.includes('retrying')).length).toBeGreaterThan(1),
    );
    expect(subject.active).toBe(true);
    tokens.state.token = null;
    subject.sync();
    expect(subject.active).toBe(false);
    expect(feed.list()).toEqual([]);
  });
});
