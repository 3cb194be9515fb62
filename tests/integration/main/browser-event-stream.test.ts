/**
 * The browser host's push events (`/bridge-events`) on a real loopback socket: a page that stops reading
 * is dropped once its queue passes the bound, while a page that reads gets every event.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import type { BannerAlert } from '../../../shared/alerts';
import { createEventStreams } from '../../../main/browser/event-stream';
import { createBridgeEventBus } from '../../../main/core/bridge/events';
import { createMemoryLogger } from '../../../main/core/logger';
import { openSse } from '../../support/sse';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

it('drops a page that does not read once its queue passes the bound; a reading page gets everything', async () => {
  const bus = createBridgeEventBus(createMemoryLogger());
  const maxBufferedBytes = 128 * 1024;
  const streams = createEventStreams(bus, maxBufferedBytes);
  const server: Server = createServer((_request, response) => streams.open(response, {}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    streams.closeAll();
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;

  const reading = await openSse(`http://127.0.0.1:${port}/`);
  closers.push(reading.close);
  const stalled = connect({ host: '127.0.0.1', port });
  closers.push(() => stalled.destroy());
  let closed = false;
  stalled.on('error', () => {});
  stalled.on('close', () => (closed = true));
  stalled.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  await new Promise<void>((resolve) => stalled.once('data', () => resolve()));
  stalled.pause();
  await vi.waitFor(() => expect(streams.count).toBe(2));

  // A full banner (20 alerts of the longest message) is some 25 kB: the loopback's socket buffers take
  // a few MB before anything queues in the host.
  const alert = (n: number, i: number): BannerAlert => ({
    id: `a${n}-${i}`,
    title: `Alert ${n}`,
    message: 'x'.repeat(1_000),
    type: 'info',
    priority: 'low',
    category: 'business',
    metadata: {},
    timestamp: new Date(Date.UTC(2026, 10, 27, 12, 0, 0, i)).toISOString(),
    dismissed: false,
  });
  let sent = 0;
  while (streams.count > 1 && sent < 2_000) {
    sent += 1;
    bus.emit('alerts:changed', { alerts: Array.from({ length: 20 }, (_, i) => alert(sent, i)) });
    await reading.waitFor(sent);
  }
  expect(streams.count).toBe(1);
  expect(sent).toBeGreaterThan(1);
  expect(reading.events.map((e) => e.event)).toEqual(Array(sent).fill('alerts:changed'));
  stalled.resume();
  await vi.waitFor(() => expect(closed).toBe(true));
});
