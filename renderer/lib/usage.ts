/**
 * The console's usage events (issue 11), batched here and sent through the main process ('usage:record'),
 * which adds the host and the OS. Only route paths and feature names from the fixed list leave: never
 * a query string or anything typed.
 */
import type { UsageBatchInput, UsageEventInput } from '../../shared/api/usage';
import { USAGE_LIMITS, screenClassOf, type FeatureId } from '../../shared/usage';
import type { Channel } from '../../shared/bridge/contract';
import { BridgeCallError } from '../../shared/bridge/errors';
import { call, onCallSucceeded } from './bridge';

/** A batch leaves at most this long after its first event, or as soon as it holds this many. */
export const USAGE_FLUSH_MS = 15_000;
export const USAGE_FLUSH_EVENTS = 20;
/** A heartbeat each minute while the window is focused, so a one-screen session is not 0 s long. */
export const USAGE_HEARTBEAT_MS = 60_000;
/** How long sign-out waits for the session's last batch. */
export const USAGE_END_WAIT_MS = 2_000;

export interface UsageTrackerDeps {
  send: (batch: UsageBatchInput) => Promise<unknown>;
  now?: () => number;
  newId?: () => string;
  screenWidth?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface UsageTracker {
  /** Begins a session unless one is open (a second mount of the layout is the same session). */
  start(): void;
  pageView(pathname: string): void;
  feature(feature: FeatureId): void;
  heartbeat(): void;
  /** Ends the session and sends what is pending: before sign-out, while the token still holds. */
  end(): Promise<void>;
  flush(): Promise<void>;
}

/** The server refused the batch for what it is (bad, flooding, not signed in): sending it again is no use. */
const refusedForGood = (error: unknown) =>
  error instanceof BridgeCallError && error.status !== undefined && error.status < 500;

export function createUsageTracker({
  send,
  now = Date.now,
  newId = () => crypto.randomUUID(),
  screenWidth = () => window.innerWidth,
  setTimer = (fn, ms) => window.setTimeout(fn, ms),
  clearTimer = (timer) => window.clearTimeout(timer as number),
}: UsageTrackerDeps): UsageTracker {
  let sessionId: string | null = null;
  let pending: UsageEventInput[] = [];
  let timer: unknown = null;
  let sending: Promise<void> = Promise.resolve();

  const at = () => new Date(now()).toISOString();

  function push(event: UsageEventInput): void {
    if (!sessionId) return;
    pending.push(event);
    if (pending.length >= USAGE_FLUSH_EVENTS) void flush();
    else if (timer === null) timer = setTimer(() => void flush(), USAGE_FLUSH_MS);
  }

  function flush(): Promise<void> {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (!sessionId || pending.length === 0) return sending;
    const batch: UsageBatchInput = {
      sessionId,
      screen: screenClassOf(screenWidth()),
      events: pending.slice(0, USAGE_LIMITS.batchEvents),
    };
    pending = pending.slice(batch.events.length);
    // One batch at a time, in order: the server sees a session's events as they happened.
    sending = sending.then(() =>
      send(batch).then(
        () => undefined,
        (error: unknown) => {
          if (refusedForGood(error)) return;
          // Unreachable for now: kept for the next flush, the oldest dropped past one batch.
          pending = [...batch.events, ...pending].slice(-USAGE_LIMITS.batchEvents);
        },
      ),
    );
    return sending;
  }

  return {
    start() {
      if (sessionId) return;
      sessionId = newId();
      push({ kind: 'session_start', at: at() });
    },
    pageView(pathname) {
      push({ kind: 'page_view', at: at(), path: pathname.split(/[?#]/)[0] || '/' });
    },
    feature(feature) {
      push({ kind: 'feature', at: at(), feature });
    },
    heartbeat() {
      push({ kind: 'heartbeat', at: at() });
    },
    async end() {
      if (!sessionId) return;
      push({ kind: 'session_end', at: at() });
      await flush();
      sessionId = null;
    },
    flush,
  };
}

/** The console's one tracker. */
export const usage = createUsageTracker({ send: (batch) => call('usage:record', batch) });

/** Counts the use of a feature of the fixed list. */
export function trackFeature(feature: FeatureId): void {
  usage.feature(feature);
}

/** The features that are one bridge call, counted when the call succeeds. */
export const FEATURE_OF_CHANNEL: Partial<Record<Channel, FeatureId>> = {
  'settings:setTheme': 'theme_switch',
  'orgs:switch': 'organization_switch',
  'export:save': 'export',
  'alerts:dismiss': 'alert_dismiss',
  'business.importCosts': 'cost_import',
  'roles.createRole': 'role_change',
  'roles.updateRole': 'role_change',
  'roles.deleteRole': 'role_change',
  'roles.grantPermission': 'role_change',
  'roles.revokePermission': 'role_change',
  'roles.assignUserRole': 'role_change',
  'organizations.invite': 'member_invite',
  'audit.verifyAuditLogs': 'integrity_check',
};

onCallSucceeded((channel) => {
  const feature = FEATURE_OF_CHANNEL[channel];
  if (feature) usage.feature(feature);
});
