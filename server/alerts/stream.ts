import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { ALERT_STREAM_EVENTS } from '../../shared/alerts';
import type { Db } from '../db/client';
import type { AlertHub } from './hub';
import { alertsToReplay, type SequencedAlert } from './store';

/** A comment line this often keeps proxies and clients from dropping an idle stream. */
export const HEARTBEAT_MS = 15_000;

/** The open alert streams of this instance, so that a closing server can end them. */
export interface AlertStreams {
  open(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  closeAll(): void;
  readonly count: number;
}

/** `onReplayed` runs each time a stream has sent its replay (the demo emitter starts at the first). */
export function createAlertStreams(db: Db, hub: AlertHub, onReplayed: () => void = () => {}): AlertStreams {
  const open = new Set<ServerResponse>();
  return {
    async open(request, reply) {
      const afterSeq = lastEventId(request.headers['last-event-id']);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      response.write('retry: 2000\n\n');
      open.add(response);

      // Subscribe before the replay query: an alert stored meanwhile is held, then sent once.
      let lastSent = afterSeq ?? 0;
      let held: SequencedAlert[] | null = [];
      const send = (event: string, { seq, alert }: SequencedAlert) => {
        if (seq <= lastSent || response.writableEnded || response.destroyed) return;
        lastSent = seq;
        response.write(`id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify(alert)}\n\n`);
      };
      const unsubscribe = hub.subscribe((alert) =>
        held ? held.push(alert) : send(ALERT_STREAM_EVENTS.alert, alert),
      );
      const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      response.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
      });

      try {
        const replay = await alertsToReplay(db, afterSeq);
        // One stored while the replay was read is new to this client, whichever way it came.
        const live = new Set((held ?? []).map((a) => a.seq));
        for (const alert of replay)
          send(live.has(alert.seq) ? ALERT_STREAM_EVENTS.alert : ALERT_STREAM_EVENTS.recent, alert);
      } catch (error) {
        request.log.error({ err: error }, 'replaying alerts failed');
        response.end();
        return;
      }
      const pending = held;
      held = null;
      for (const alert of pending) send(ALERT_STREAM_EVENTS.alert, alert);
      onReplayed();
    },
    closeAll() {
      for (const response of open) response.end();
      open.clear();
    },
    get count() {
      return open.size;
    },
  };
}

/** The `Last-Event-ID` a reconnecting client sends: the sequence number of the last alert it got. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
