import { z } from 'zod';
import { DEMO_ALERTS } from '../../shared/alerts';
import { sql } from 'drizzle-orm';
import { businessFigures } from '../business/dashboard';
import { DAY_MS, isoDay } from '../business/formulas';
import { rows } from '../db/results';
import { auditConditions } from '../audit/query';
import type { Db } from '../db/client';
import { auditLogs, organizations, subscriptionEvents } from '../db/schema';
import type { JobRunner } from '../jobs/runner';
import { apiPerformance } from '../monitoring/read/api-performance';
import { PLAN_PRICES_CENTS } from '../seed/business';
import { listMaintenanceWindows } from './maintenance-store';
import type { NewAlert } from './store';

/** What a demonstration alert is, before its figures: they are read from the data when it is sent. */
export interface DemoAlertKind {
  title: string;
  type: NewAlert['type'];
  priority: NewAlert['priority'];
  category: NewAlert['category'];
  /** Its text and figures, from the same data and functions as the screen that shows them. */
  compose(db: Db, now: number): Promise<Pick<NewAlert, 'message' | 'metadata'>>;
}

const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** The round figure an MRR has passed: the thousand below it (the hundred below it under $1,000). */
export const milestoneBelow = (dollars: number) => {
  const step = dollars >= 1_000 ? 1_000 : 100;
  return Math.floor(dollars / step) * step;
};

/** The newest center on the Enterprise plan (the Organization screen lists it with that plan). */
export async function newestEnterpriseCustomer(
  db: Db,
  now: number,
): Promise<{ id: string; name: string; since: number } | null> {
  const [row] = await rows<{ id: string; name: string; at: string | Date }>(
    db,
    sql`select o.id::text as id, o.name, max(e.occurred_at) as at
      from ${organizations} o join ${subscriptionEvents} e on e.organization_id = o.id
      where o.plan = 'enterprise' and o.status in ('active', 'past_due') and e.plan = 'enterprise'
        and e.type in ('new', 'trial_convert', 'upgrade') and e.occurred_at <= ${new Date(now)}
      group by o.id, o.name order by max(e.occurred_at) desc, o.name limit 1`,
  );
  return row ? { id: row.id, name: row.name, since: new Date(row.at).getTime() } : null;
}

/** The endpoint with the highest p95 over the last hour, as API Performance's "Last Hour" lists it. */
export async function slowestEndpoint(db: Db, now: number) {
  const { endpoints } = await apiPerformance(db, '1h', now);
  return (
    endpoints
      .filter((e) => e.p95Ms !== null)
      .sort((a, b) => (b.p95Ms ?? 0) - (a.p95Ms ?? 0) || b.requests - a.requests)[0] ?? null
  );
}

/** The Audit Logs screen's filter for failed sign-ins over the last 30 days (the demo trail), and how many it finds. */
export const FAILED_SIGN_IN_DAYS = 30;
export const failedSignInFilter = (now: number) =>
  ({
    action: 'LOGIN',
    status: 'failure',
    from: new Date(now - FAILED_SIGN_IN_DAYS * DAY_MS).toISOString(),
    to: new Date(now).toISOString(),
  }) as const;

export async function failedSignIns(db: Db, now: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${auditLogs} where ${auditConditions(failedSignInFilter(now))}`,
  );
  return Number(row?.n ?? 0);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "from 02:00 to 03:00, every day" for a recurring window of the Alerts screen. */
export function windowText(window: { start: string; minutes: number; weekdays: number[] }): string {
  const [h, m] = window.start.split(':').map(Number);
  const end = ((h ?? 0) * 60 + (m ?? 0) + window.minutes) % 1_440;
  const clock = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  const days =
    window.weekdays.length === 7
      ? 'every day'
      : `on ${[...window.weekdays]
          .sort()
          .map((d) => WEEKDAY_NAMES[d])
          .join(', ')}`;
  return `from ${window.start} to ${clock}, ${days}`;
}

/** The seeded demonstration alerts (part 1 §2), one of each kind of event the banner shows. */
export const SEEDED_DEMO_ALERTS: readonly DemoAlertKind[] = [
  {
    title: 'Revenue Milestone Reached',
    type: 'success',
    priority: 'medium',
    category: 'business',
    async compose(db, now) {
      // The dashboard's own figure: its MRR KPI (the default period's; MRR is the same in every period).
      const { kpis } = await businessFigures(db, now, '30d', null);
      return {
        message: `Monthly recurring revenue passed ${money(milestoneBelow(kpis.mrr))}: ${money(kpis.mrr)} now.`,
        metadata: { value: kpis.mrr },
      };
    },
  },
  {
    title: 'New Enterprise Customer',
    type: 'customer',
    priority: 'high',
    category: 'customer',
    async compose(db, now) {
      const customer = await newestEnterpriseCustomer(db, now);
      if (!customer) return { message: 'No center is on the Enterprise plan yet.', metadata: {} };
      return {
        message: `${customer.name} subscribed to the Enterprise plan on ${isoDay(customer.since)}.`,
        metadata: { value: PLAN_PRICES_CENTS.enterprise / 100 },
      };
    },
  },
  {
    title: 'High API Latency',
    type: 'warning',
    priority: 'high',
    category: 'technical',
    async compose(db, now) {
      const slowest = await slowestEndpoint(db, now);
      if (!slowest) return { message: 'No API requests in the last hour.', metadata: {} };
      return {
        message: `${slowest.method} ${slowest.route} answered in ${slowest.p95Ms} ms at the 95th percentile over the last hour.`,
        metadata: { value: `${slowest.p95Ms} ms` },
      };
    },
  },
  {
    title: 'Suspicious Sign-in Attempts',
    type: 'security',
    priority: 'critical',
    category: 'security',
    async compose(db, now) {
      const n = await failedSignIns(db, now);
      return {
        message: `${n} failed sign-in ${n === 1 ? 'attempt' : 'attempts'} in the last ${FAILED_SIGN_IN_DAYS} days.`,
        metadata: { value: n },
      };
    },
  },
  {
    title: 'Scheduled Maintenance',
    type: 'system',
    priority: 'low',
    category: 'technical',
    async compose(db) {
      const [window] = await listMaintenanceWindows(db);
      if (!window) return { message: 'No maintenance is scheduled.', metadata: {} };
      return { message: `${window.name} ${windowText(window)}.`, metadata: {} };
    },
  },
];

/** The random demonstration alerts (part 1 §2): a daily revenue update or new trial signups. */
export const RANDOM_DEMO_ALERTS = {
  revenue: {
    title: 'Daily Revenue Update',
    type: 'revenue',
    priority: 'low',
    category: 'business',
    async compose(db, now) {
      // The dashboard's revenue chart: this month's bar, to date.
      const { revenueSeries } = await businessFigures(db, now, '30d', null);
      const month = revenueSeries.at(-1)?.revenue ?? 0;
      return { message: `Revenue this month to date: ${money(month)}.`, metadata: { value: month } };
    },
  },
  trials: {
    title: 'New Trial Signups',
    type: 'info',
    priority: 'medium',
    category: 'customer',
    async compose(db, now) {
      const n = await trialsStarted(db, now);
      return {
        message: `${n} ${n === 1 ? 'center is' : 'centers are'} on a free trial started in the last ${TRIAL_DAYS} days.`,
        metadata: { value: n },
      };
    },
  },
} as const satisfies Record<string, DemoAlertKind>;

/** A trial lasts 14 days: the centers whose status is trial (the Organization screen's list) started one since. */
export const TRIAL_DAYS = 14;

export async function trialsStarted(db: Db, now: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${organizations} o where o.status = 'trial'
      and exists (select 1 from ${subscriptionEvents} e where e.organization_id = o.id and e.type = 'trial_start'
        and e.occurred_at > ${new Date(now - TRIAL_DAYS * DAY_MS)} and e.occurred_at <= ${new Date(now)})`,
  );
  return Number(row?.n ?? 0);
}

/** Which random demonstration alert a draw makes. */
export const randomDemoKind = (random: () => number): DemoAlertKind =>
  random() < 0.5 ? RANDOM_DEMO_ALERTS.revenue : RANDOM_DEMO_ALERTS.trials;

/** The alert of a kind, its figures read now. */
export async function composeDemoAlert(kind: DemoAlertKind, db: Db, now: number): Promise<NewAlert> {
  const { title, type, priority, category } = kind;
  return { title, type, priority, category, ...(await kind.compose(db, now)) };
}

/** The demonstration's queue: one job per step, each sending the next, so it survives a restart. */
export const DEMO_ALERTS_QUEUE = 'demo-alerts';

const demoStepData = z.object({ step: z.number().int().min(0) });

/**
 * One step of the demonstration: the seeded alerts two seconds apart, then every 30 s a 20 % chance of
 * a random one. Answers the alert to publish, if any, and the step after it.
 */
export function demoStep(
  step: number,
  random: () => number,
): { alert: DemoAlertKind | undefined; next: { step: number; delayMs: number } } {
  const seeded = SEEDED_DEMO_ALERTS[step];
  if (seeded) {
    const last = step === SEEDED_DEMO_ALERTS.length - 1;
    return {
      alert: seeded,
      next: {
        step: step + 1,
        delayMs: last ? DEMO_ALERTS.randomIntervalMs : DEMO_ALERTS.seededIntervalMs,
      },
    };
  }
  const alert = random() < DEMO_ALERTS.randomChance ? randomDemoKind(random) : undefined;
  return { alert, next: { step: SEEDED_DEMO_ALERTS.length, delayMs: DEMO_ALERTS.randomIntervalMs } };
}

export interface DemoAlerts {
  /** Starts the demonstration, once: later calls, and any instance's while a step waits, do nothing. */
  start(): void;
}

/**
 * Demo mode only: the demonstration alerts as a chain of jobs on the runner, stored and streamed like
 * any other alert. `stately` keeps one step waiting at most, so several instances (or a restart, which
 * finds the next step waiting) play one demonstration, not one each.
 */
export async function defineDemoAlerts(
  jobs: JobRunner,
  options: {
    publish: (alert: NewAlert) => Promise<unknown>;
    random: () => number;
    /** Where the alerts' figures are read, and when. */
    db: Db;
    now: () => number;
    onError: (error: unknown) => void;
  },
): Promise<DemoAlerts> {
  await jobs.define(
    DEMO_ALERTS_QUEUE,
    async ({ step }) => {
      const { alert, next } = demoStep(step, options.random);
      if (alert) await options.publish(await composeDemoAlert(alert, options.db, options.now()));
      await jobs.send(DEMO_ALERTS_QUEUE, { step: next.step }, { startAfterSeconds: next.delayMs / 1000 });
    },
    {
      data: demoStepData,
      policy: 'stately',
      retries: 2,
      retryDelaySeconds: 1,
      // Each step is sent delayed; the runner wakes this instance's worker when it is due (no 0.5 s poll:
      // that was an idle console's most frequent statement, 2 a second for 30 s apart steps).
      keepCompletedSeconds: 3_600,
    },
  );
  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      jobs.send(DEMO_ALERTS_QUEUE, { step: 0 }).catch(options.onError);
    },
  };
}
