/**
 * Request recording: a Fastify hook notes each answered request — route template (never the raw URL),
 * method, status, duration, organization — in an in-memory aggregate per minute; `drain` hands the
 * completed minutes to the flush (flush.ts), which writes one roll-up row per minute, route, method and
 * organization. Nothing touches the database per request: the hook costs a map lookup and a logarithm.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { appended } from '../http/route-hooks';
import { apdexBucket } from '../../shared/monitoring';
import { record, type Histogram } from './histogram';
import { redactMessage } from './redact';

export const MINUTE_MS = 60_000;
/** The route of a request no route matched: its URL is never kept. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** Error examples kept per route, method and status in one minute's aggregate. */
const EXAMPLES_PER_KEY = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RequestSample {
  at: number;
  route: string;
  method: string;
  status: number;
  durationMs: number;
  organizationId: string;
  /** The failure's message (errors only), not yet redacted. */
  error?: string;
}

export interface MinuteCell {
  minute: number;
  route: string;
  method: string;
  organizationId: string;
  requests: number;
  errors: number;
  statusCounts: Record<string, number>;
  durationSumMs: number;
  satisfied: number;
  tolerating: number;
  histogram: Histogram;
}

export interface ErrorExample {
  route: string;
  method: string;
  status: number;
  message: string;
  count: number;
  lastSeenAt: number;
}

export interface Drained {
  cells: MinuteCell[];
  examples: ErrorExample[];
}

export interface RequestRecorder {
  add(sample: RequestSample): void;
  /** Takes the minutes that ended by `before` (all of them without it: a stop). */
  drain(before?: number): Drained;
  /** Puts drained minutes back (a flush that failed), so that they are written by the next one. */
  restore(drained: Drained): void;
}

export function createRequestRecorder(): RequestRecorder {
  let cells = new Map<string, MinuteCell>();
  let examples = new Map<string, ErrorExample>();
  const perKey = new Map<string, number>();

  /** The cell of the last request: the next one is most often of the same minute, route and caller. */
  let last: MinuteCell | undefined;
  const cellOf = (minute: number, route: string, method: string, organizationId: string) => {
    if (
      last &&
      last.minute === minute &&
      last.route === route &&
      last.method === method &&
      last.organizationId === organizationId
    )
      return last;
    const key = `${minute}|${method}|${organizationId}|${route}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        minute,
        route,
        method,
        organizationId,
        requests: 0,
        errors: 0,
        statusCounts: {},
        durationSumMs: 0,
        satisfied: 0,
        tolerating: 0,
        histogram: new Map(),
      };
      cells.set(key, cell);
    }
    last = cell;
    return cell;
  };

  const addExample = (example: ErrorExample) => {
    const key = `${example.method}|${example.status}|${example.route}`;
    const exampleKey = `${key}|${example.message}`;
    const known = examples.get(exampleKey);
    if (known) {
      known.count += example.count;
      known.lastSeenAt = Math.max(known.lastSeenAt, example.lastSeenAt);
      return;
    }
    // A flood of distinct messages keeps the first few: the table wants examples, not a log.
    const n = perKey.get(key) ?? 0;
    if (n >= EXAMPLES_PER_KEY) return;
    perKey.set(key, n + 1);
    examples.set(exampleKey, { ...example });
  };

  return {
    add(sample) {
      const minute = sample.at - (sample.at % MINUTE_MS);
      const cell = cellOf(minute, sample.route, sample.method, sample.organizationId);
      const isError = sample.status >= 400;
      cell.requests += 1;
      cell.durationSumMs += sample.durationMs;
      record(cell.histogram, sample.durationMs);
      const bucket = apdexBucket(sample.durationMs, isError);
      if (bucket === 'satisfied') cell.satisfied += 1;
      else if (bucket === 'tolerating') cell.tolerating += 1;
      if (!isError) return;
      cell.errors += 1;
      const status = String(sample.status);
      cell.statusCounts[status] = (cell.statusCounts[status] ?? 0) + 1;
      addExample({
        route: sample.route,
        method: sample.method,
        status: sample.status,
        message: redactMessage(sample.error ?? `HTTP ${sample.status}`),
        count: 1,
        lastSeenAt: sample.at,
      });
    },
    drain(before) {
      // A drained cell is no longer counted into: the next request finds its cell in the map again.
      last = undefined;
      const done: MinuteCell[] = [];
      const kept = new Map<string, MinuteCell>();
      for (const [key, cell] of cells) {
        if (before === undefined || cell.minute + MINUTE_MS <= before) done.push(cell);
        else kept.set(key, cell);
      }
      cells = kept;
      const drainedExamples = [...examples.values()];
      examples = new Map();
      perKey.clear();
      return { cells: done, examples: drainedExamples };
    },
    restore(drained) {
      for (const cell of drained.cells) {
        const into = cellOf(cell.minute, cell.route, cell.method, cell.organizationId);
        into.requests += cell.requests;
        into.errors += cell.errors;
        into.durationSumMs += cell.durationSumMs;
        into.satisfied += cell.satisfied;
        into.tolerating += cell.tolerating;
        for (const [status, n] of Object.entries(cell.statusCounts)) {
          into.statusCounts[status] = (into.statusCounts[status] ?? 0) + n;
        }
        for (const [index, n] of cell.histogram)
          into.histogram.set(index, (into.histogram.get(index) ?? 0) + n);
      }
      for (const example of drained.examples) addExample(example);
    },
  };
}

/** The organization a request concerns: the X-Organization-Id header, or `/organizations/:id`. */
function organizationOf(request: FastifyRequest, route: string): string {
  const header = request.headers['x-organization-id'];
  if (typeof header === 'string' && UUID.test(header)) return header.toLowerCase();
  if (route.startsWith('/organizations/:id')) {
    const id = (request.params as Record<string, unknown> | undefined)?.id;
    if (typeof id === 'string' && UUID.test(id)) return id.toLowerCase();
  }
  return '';
}

/** Feeds the recorder from every answered request of `app`; streams (their duration is a connection's life) are left out. */
export function installRequestRecording(
  app: FastifyInstance,
  recorder: RequestRecorder,
  now: () => number,
): void {
  const failures = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', (request, _reply, error, done) => {
    failures.set(request, error.message);
    done();
  });
  const recordAnswer = (request: FastifyRequest, reply: FastifyReply, route: string) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/event-stream')) return;
    const status = reply.statusCode;
    recorder.add({
      at: now(),
      route,
      method: request.method,
      status,
      durationMs: reply.elapsedTime,
      organizationId: organizationOf(request, route),
      ...(status >= 400
        ? { error: failures.get(request) ?? (status === 404 ? 'Route not found' : undefined) }
        : {}),
    });
  };
  const recorded =
    (route: string): onResponseHookHandler =>
    (request, reply, done) => {
      try {
        recordAnswer(request, reply, route);
        done();
      } catch (error) {
        done(error as Error);
      }
    };
  // Callback hooks: they run after every answer and have nothing to wait for (no promise per request).
  // Each route's own, knowing its template (no lookup of the route per request); a request no route
  // matched is recorded by the global one.
  app.addHook('onRoute', (route) => {
    route.onResponse = appended(route.onResponse, recorded(route.url === '*' ? UNMATCHED_ROUTE : route.url));
  });
  const unmatched = recorded(UNMATCHED_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) return unmatched.call(app, request, reply, done);
    done();
  });
}
