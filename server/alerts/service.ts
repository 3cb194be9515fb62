import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { conditionText, type RuleInput } from '../../shared/alerting';
import type { RulePreview } from '../../shared/api/alerts';
import { TIMEZONE_IANA } from '../../shared/settings';
import type { ServerContext } from '../context';
import type { JobRunner } from '../jobs/runner';
import { deliverPlans, defineWebhookRetries } from './deliver';
import { runEvaluationTick, type TickResult } from './evaluate';
import { announce, fireAlert, type AlertEvent, type NewPlatformAlert } from './lifecycle';
import { MetricCache } from './metrics';
import { evaluateSeries, fingerprint, type SeriesInstance } from './state';

export const ALERT_EVALUATION_QUEUE = 'alert-evaluation';
/** Rules are evaluated once a minute: the request roll-ups and process samples are per minute. */
export const EVALUATION_INTERVAL_MS = 60_000;

export interface Alerting {
  /** Evaluates the interval that contains `now` (once across every instance), then notifies. */
  evaluate(now?: number): Promise<TickResult>;
  /** Raises an alert of the platform itself (see raiseSystemAlert) on this server. */
  raise(alert: SystemAlert): Promise<AlertEvent>;
  /** Stops the test builds' short-interval timer, if any (the server closing). */
  stop(): void;
}

type Logger = { error(details: object, message: string): void };
export type SystemAlert = Omit<NewPlatformAlert, 'ruleId' | 'labels'> & { labels?: Record<string, string> };

/**
 * The evaluation job: a cron each minute on the job runner (`stately`: one waiting at most), whose
 * handler claims the minute's tick, so that two instances never evaluate one interval twice.
 */
export async function createAlerting(
  ctx: ServerContext,
  jobs: JobRunner | undefined,
  logger: Logger,
): Promise<Alerting> {
  const instanceId = randomUUID();
  const onError = (error: unknown) => logger.error({ err: error }, 'an alert listener failed');
  const interval = ctx.config.testFaults?.evaluationIntervalMs ?? EVALUATION_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  const alerting: Alerting = {
    async evaluate(now = ctx.config.now()) {
      const tickAt = Math.floor(now / interval) * interval;
      const { settings } = await ctx.settings.current();
      const timeZone = TIMEZONE_IANA[settings.general.timezone];
      const result = await runEvaluationTick({ db: ctx.db, instanceId, timeZone }, tickAt);
      if (!result.claimed) return result;
      await deliverPlans(ctx, jobs, result.plans);
      await announce(ctx, result.events, onError);
      return result;
    },
    raise: (alert) => raiseSystemAlert(ctx, alert, onError),
    stop: () => clearInterval(timer),
  };
  if (jobs) {
    await defineWebhookRetries(ctx, jobs);
    await jobs.define(
      ALERT_EVALUATION_QUEUE,
      async () => {
        await alerting.evaluate();
      },
      {
        data: z.object({}).strict(),
        policy: 'stately',
        retries: 0,
        leaseSeconds: 120,
        keepCompletedSeconds: 3_600,
      },
    );
    await jobs.schedule(ALERT_EVALUATION_QUEUE, '* * * * *', 'UTC', {});
    // Test builds' shorter interval (a cron runs each minute at most): a timer beside the cron. Ticks
    // are still claimed in the database, so the two never evaluate one interval twice.
    if (interval < EVALUATION_INTERVAL_MS) {
      let running = false;
      timer = setInterval(() => {
        // One at a time: a slow tick (the fault switch slows the server) is not overtaken by the next.
        if (running) return;
        running = true;
        alerting
          .evaluate()
          .catch((error: unknown) => logger.error({ err: error }, 'an evaluation failed'))
          .finally(() => (running = false));
      }, interval);
      timer.unref();
    }
  }
  return alerting;
}

/**
 * Raises an alert of the platform itself, outside any rule (a failed restore test, …): stored, shown by
 * the banner, the bell and the tray, and announced to the alert listeners like a rule's.
 */
export async function raiseSystemAlert(
  ctx: Pick<ServerContext, 'db' | 'config' | 'webhooks'>,
  alert: SystemAlert,
  onError: (error: unknown) => void = () => {},
): Promise<AlertEvent> {
  const at = new Date(ctx.config.now());
  const event = await ctx.db.transaction((tx) => fireAlert(tx, { ...alert, ruleId: null }, at));
  await announce(ctx, [event], onError);
  return event;
}

const PREVIEW_MINUTES = 60;

/** What a rule would have said over the last hour: its series stepped minute by minute on the real data. */
export async function previewRule(
  ctx: Pick<ServerContext, 'db'>,
  rule: RuleInput,
  now: number,
): Promise<RulePreview> {
  const settings = {
    pendingMs: rule.pendingSeconds * 1000,
    keepFiringMs: rule.keepFiringSeconds * 1000,
    noData: rule.noDataState,
    error: rule.errorState,
  };
  const end = Math.floor(now / EVALUATION_INTERVAL_MS) * EVALUATION_INTERVAL_MS;
  const series = new Map<
    string,
    {
      labels: Record<string, string>;
      instance?: SeriesInstance;
      points: RulePreview['series'][number]['points'];
      transitions: RulePreview['series'][number]['transitions'];
    }
  >();
  for (let i = PREVIEW_MINUTES - 1; i >= 0; i--) {
    const at = end - i * EVALUATION_INTERVAL_MS;
    const found = await new MetricCache(ctx.db, at).read(
      { metric: rule.metric, ...rule.condition },
      rule.filters,
    );
    const seen = new Set<string>();
    for (const s of found) {
      const key = fingerprint(s.labels);
      seen.add(key);
      let entry = series.get(key);
      if (!entry) series.set(key, (entry = { labels: s.labels, points: [], transitions: [] }));
      const step = evaluateSeries(
        entry.instance,
        s.value === null ? { kind: 'nodata' } : { kind: 'value', value: s.value },
        rule.condition,
        settings,
        at,
      );
      entry.instance = step.next;
      entry.points.push({ at: new Date(at).toISOString(), value: s.value, state: step.next.state });
      if (step.transition) entry.transitions.push({ at: new Date(at).toISOString(), kind: step.transition });
    }
    for (const [key, entry] of series) {
      if (seen.has(key)) continue;
      const step = evaluateSeries(entry.instance, { kind: 'nodata' }, rule.condition, settings, at);
      entry.instance = step.next;
      entry.points.push({ at: new Date(at).toISOString(), value: null, state: step.next.state });
      if (step.transition) entry.transitions.push({ at: new Date(at).toISOString(), kind: step.transition });
    }
  }
  const list = [...series.values()].map(({ labels, points, transitions }) => ({
    labels,
    points,
    transitions,
  }));
  const fired = list.reduce((n, s) => n + s.transitions.filter((t) => t.kind === 'fired').length, 0);
  const firingNow = list.filter((s) => s.points.at(-1)?.state === 'firing').length;
  const summary = `${conditionText(rule)}: over the last hour it would have fired ${fired} ${fired === 1 ? 'time' : 'times'}${firingNow ? `, and ${firingNow} ${firingNow === 1 ? 'series is' : 'series are'} firing now` : ''}.`;
  return { series: list, summary };
}
