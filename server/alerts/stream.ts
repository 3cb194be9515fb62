import type { FastifyReply, FastifyRequest } from 'fastify';
import { ALERT_STREAM_EVENTS } from '../../shared/alerts';
import type { SessionUser } from '../../shared/api';
import type { PrincipalChange } from '../auth/principals';
import type { Db } from '../db/client';
import type { AlertHub } from './hub';
import { alertsToReplay, type SequencedAlert } from './store';

/** How an open stream is bounded (issue 25 item 10); `config.alertStream` overrides any of them. */
export interface AlertStreamLimits {
  /**
   * Streams one user may hold open on one instance. One more closes that user's oldest: a console that
   * vanished without closing (sleep, a dropped network) must not lock its user out until TCP notices.
   */
  maxPerUser: number;
  /** Bytes queued for one reader that does not keep up; past it the connection is dropped. */
  maxBufferedBytes: number;
  /** A comment line this often keeps proxies and clients from dropping an idle stream. */
  heartbeatMs: number;
  /**
   * How often a stream checks its credential again without being told of a change: a token's expiry,
   * an API key's revocation. Changes to users and roles are announced and checked at once.
   */
  recheckMs: number;
}

export const DEFAULT_ALERT_STREAM_LIMITS: AlertStreamLimits = {
  maxPerUser: 5,
  // About 200 alerts: far more than a replay (20), far less than a slow reader could pile up.
  maxBufferedBytes: 256 * 1024,
  heartbeatMs: 15_000,
  recheckMs: 5_000,
};

/** How long the replay waits for a reader to take a burst before dropping it. */
const REPLAY_DRAIN_TIMEOUT_MS = 30_000;
/** Live alerts kept for a stream still sending its replay; more, and the reader is too slow. */
const MAX_HELD = 1_000;

/** Why an open stream was ended by the server. */
export type StreamEnd = 'session' | 'replaced' | 'slow' | 'closing' | 'failed';

/** The caller a stream serves, and how to ask whether its credential still opens the stream. */
export interface StreamCaller {
  session: SessionUser;
  /** Resolves true while the request's credential still holds alerts.read; false or a throw ends it. */
  stillAllowed(): Promise<boolean>;
}

export interface AlertStreamsOptions {
  db: Db;
  hub: AlertHub;
  limits?: Partial<AlertStreamLimits>;
  /** The principal cache's announcements (sign-out, suspension, role change, revocation). */
  onSessionChange(listener: (change: PrincipalChange) => void): () => void;
  /** Runs each time a stream has sent its replay (the demo emitter starts at the first). */
  onReplayed?: () => void;
  /** Each stream the server ends, and why (logged by the caller). */
  onEnded?: (reason: StreamEnd, userId: string) => void;
}

/** The open alert streams of this instance, so that a closing server can end them. */
export interface AlertStreams {
  open(request: FastifyRequest, reply: FastifyReply, caller: StreamCaller): Promise<void>;
  closeAll(): void;
  readonly count: number;
  /** Open streams of one user on this instance. */
  countFor(userId: string): number;
}

interface OpenStream {
  userId: string;
  end(reason: StreamEnd): void;
}

export function createAlertStreams(options: AlertStreamsOptions): AlertStreams {
  const { db, hub, onReplayed = () => {}, onEnded = () => {} } = options;
  const limits = { ...DEFAULT_ALERT_STREAM_LIMITS, ...options.limits };
  /** In opening order, so the first of a user's is their oldest. */
  const open = new Set<OpenStream>();
  const ofUser = (userId: string) => [...open].filter((s) => s.userId === userId);

  return {
    async open(request, reply, caller) {
      const { session } = caller;
      const afterSeq = lastEventId(request.headers['last-event-id']);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });

      let ended = false;
      const stream: OpenStream = { userId: session.userId, end };
      const cleanups: (() => void)[] = [];
      function end(reason: StreamEnd) {
        if (ended) return;
        ended = true;
        open.delete(stream);
        for (const cleanup of cleanups.splice(0)) cleanup();
        if (reason !== 'closing') onEnded(reason, session.userId);
        // A reader that does not drain cannot take a graceful end either: cut it.
        if (reason === 'slow') response.destroy();
        else response.end();
      }
      response.on('close', () => end('closing'));

      // Bounded per connection: a reader that lets more pile up than the limit is dropped, so it costs at
      // most that much memory; it reconnects with Last-Event-ID and replays what it lost. The replay is a
      // burst of up to 20 alerts at once: it waits for the reader instead (paced), within a time limit.
      let pacing = true;
      const write = (chunk: string) => {
        if (ended || response.destroyed) return;
        response.write(chunk);
        if (!pacing && response.writableLength > limits.maxBufferedBytes) end('slow');
      };
      const drained = async () => {
        if (ended || !response.writableNeedDrain) return;
        const waited = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => done(false), REPLAY_DRAIN_TIMEOUT_MS);
          function done(ok: boolean) {
            clearTimeout(timer);
            response.off('drain', drain).off('close', drain);
            resolve(ok);
          }
          const drain = () => done(true);
          response.on('drain', drain).on('close', drain);
        });
        if (!waited) end('slow');
      };

      // Room for this one: the user's oldest go first.
      const mine = ofUser(session.userId);
      for (const older of mine.slice(0, Math.max(0, mine.length - limits.maxPerUser + 1)))
        older.end('replaced');
      open.add(stream);
      write('retry: 2000\n\n');

      // Subscribe before the replay query: an alert stored meanwhile is held, then sent once.
      let lastSent = afterSeq ?? 0;
      let held: SequencedAlert[] | null = [];
      const send = (event: string, { seq, alert }: SequencedAlert) => {
        if (seq <= lastSent) return;
        lastSent = seq;
        write(`id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify(alert)}\n\n`);
      };
      cleanups.push(
        hub.subscribe((alert) => {
          if (!held) return send(ALERT_STREAM_EVENTS.alert, alert);
          held.push(alert);
          // Held while a slow reader takes its replay: bounded too.
          if (held.length > MAX_HELD) end('slow');
        }),
      );
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), limits.heartbeatMs);
      heartbeat.unref();
      cleanups.push(() => clearInterval(heartbeat));
      watchSession(caller, limits.recheckMs, options.onSessionChange, end, cleanups, request);

      try {
        const replay = await alertsToReplay(db, afterSeq);
        // A client naming the last one it saw missed the rest live (a blip, a restart): they come as
        // `alert`, so a critical one raised meanwhile still notifies. One stored while the replay was
        // read is new to this client, whichever way it came.
        for (const alert of replay) {
          const live = afterSeq !== undefined || (held ?? []).some((a) => a.seq === alert.seq);
          send(live ? ALERT_STREAM_EVENTS.alert : ALERT_STREAM_EVENTS.recent, alert);
          await drained();
        }
        // Those stored meanwhile, in order (the list may grow while the reader drains).
        for (let i = 0; held && i < held.length; i++) {
          const alert = held[i];
          if (alert) send(ALERT_STREAM_EVENTS.alert, alert);
          await drained();
        }
      } catch (error) {
        request.log.error({ err: error }, 'replaying alerts failed');
        end('failed');
        return;
      }
      held = null;
      pacing = false;
      if (!ended) onReplayed();
    },
    closeAll() {
      for (const stream of [...open]) stream.end('closing');
    },
    get count() {
      return open.size;
    },
    countFor: (userId) => ofUser(userId).length,
  };
}

/**
 * Ends the stream when its session ends: checked again at once when the database announces a change to
 * the user, their role or everything, and every `recheckMs` besides (a token's expiry is announced by
 * nobody). A check that fails (the database unreachable) ends the stream too: it fails closed, and the
 * client's reconnection meets the ordinary checks.
 */
function watchSession(
  caller: StreamCaller,
  recheckMs: number,
  onSessionChange: AlertStreamsOptions['onSessionChange'],
  end: (reason: StreamEnd) => void,
  cleanups: (() => void)[],
  request: FastifyRequest,
): void {
  const { session } = caller;
  let checking = false;
  let again = false;
  const check = async () => {
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      do {
        again = false;
        if (!(await caller.stillAllowed())) return end('session');
      } while (again);
    } catch (error) {
      request.log.warn({ err: error }, 'checking an alert stream’s session failed; the stream ends');
      end('failed');
    } finally {
      checking = false;
    }
  };
  const relevant = (change: PrincipalChange) =>
    change.kind === 'all' ||
    (change.kind === 'user' && change.id === session.userId) ||
    (change.kind === 'role' && change.id === session.role);
  cleanups.push(onSessionChange((change) => void (relevant(change) && check())));
  const timer = setInterval(() => void check(), recheckMs);
  timer.unref();
  cleanups.push(() => clearInterval(timer));
}

/** The `Last-Event-ID` a reconnecting client sends: the sequence number of the last alert it got. */
function lastEventId(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}
