/**
 * The demo holds on the day it is opened. Its dates count back from the instant it was seeded (for the
 * build's snapshot: the build day), and the first start moves every date and instant of the database by
 * the whole days between that day and its own, once, so that a console opened a year after the build
 * shows the spec's picture ($1,870 of the $2,200 budget, 85 %, 72/100) as on build day.
 *
 * Why whole UTC days: the cost tables hold one row per UTC day and the business summaries sum per UTC
 * day, so a shift by days keeps every row on a day boundary and every record at the same distance from
 * today and the same time of day: the rolling windows (the last 30 complete days of cost, the budget, the
 * score, trials, churn over 30 days) give the same figures as on seed day. Calendar-month figures
 * ("this month") keep their shape — a month to date counted from the same history — and differ only by
 * where today falls in the month, as they would for a seed made that day. The one column that must stay
 * on a month's first day, acquisition_spend.month, moves by whole months instead, so that this month and
 * the twelve before it each keep their spend. The snapshot is seeded at the start of its UTC day, so
 * nothing dated from the seed's clock lands after the first start's instant (columns the database stamped
 * itself at build, such as users.created_at, keep the build's time of day on the first start's day).
 *
 * The intraday series are not day-based: moved by whole days they would end at the start of the first
 * start's day, and a console opened at 22:00 would chart a day of nothing. So the first start then fills
 * them from the seed's (moved) instant to its own minute, from the same models that seeded them: request
 * roll-ups, process samples, probes (seed/signals.ts) and today's console usage (seed/usage.ts) — after
 * it answers, an hour at a time (fillDemoDay). Their move by whole days is the fill's first step too, not
 * the start's: ~0.5 s of a first launch (issue 29), and only the monitoring screens read them.
 *
 * Whole days keep the time of day but not the day of the week. The rows that follow the week (weekday
 * attendance, fewer console sessions at weekends) move by whole weeks, and their model makes the 0–6 days
 * that leaves out (`weekly`). Left moved by days, knowingly: the cloud costs' weekend dip
 * (±10 %; remade, the last 30 days would no longer add up to the spec's $1,870) and the platform's quieter
 * weekend requests in the seven days of request roll-ups (remaking them is seconds of a first start).
 */
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  acquisitionSpend,
  alertNotifications,
  alertRules,
  alerts,
  alertSilences,
  alertTransitions,
  attendance,
  auditLogs,
  children,
  cloudCosts,
  dashboards,
  demoAnchor,
  apiKeys,
  backupJobs,
  backupLocations,
  backupRuns,
  exportJobs,
  reportFiles,
  reports,
  systemSettingsVersions,
  twoFactorRecoveryCodes,
  userTwoFactor,
  integrations,
  webhookDeliveries,
  webhookEvents,
  invites,
  loginThrottle,
  maintenanceWindows,
  memberships,
  notificationPreferences,
  oneTimeTokens,
  organizationAddOns,
  organizations,
  processSamples,
  requestErrorExamples,
  requestRollups,
  roles,
  serverInstances,
  serviceProbes,
  serverSecrets,
  subscriptionEvents,
  subscriptions,
  usageEvents,
  users,
} from '../db/schema';
import { DAY_MS, isoDay, startOfUtcDay } from '../business/formulas';
import { MINUTE_MS } from '../monitoring/recorder';
import { startOfHour } from '../monitoring/rollup';
import { sealLegacyAuditRecords } from '../audit/chain';
import { fillDemoSignalsHour } from './signals';
import { ATTENDANCE_DAYS, insertDemoAttendance } from './tenancy';
import { fillDemoUsage, fillDemoUsageDays } from './usage';

export interface DemoShift {
  table: PgTable;
  /** Moved by whole days. */
  days: readonly PgColumn[];
  /** Moved by whole months (a month's first day stays a first day). */
  months?: readonly PgColumn[];
  /**
   * A shifted column is part of the primary key: an UPDATE would collide with the next row's old key
   * halfway through, so the rows are deleted and inserted moved, in one statement. Its ORDER BY makes the
   * insert wait for the whole delete (a sort reads all its input first): pipelined, a moved row could
   * meet an old one not yet deleted.
   */
  keyed?: boolean;
  /** Only the rows this condition picks; the others are moved elsewhere (see anchorDemo). */
  where?: SQL;
  /**
   * An intraday series, moved after the server answers, by the fill's first step (fillDemoDay), not by
   * the start's move: only the rows not after the seed's instant, so that what this server has recorded
   * meanwhile (a probe, a sample, its first minute) stays where it is. Nothing reads them before that
   * but the monitoring screens, which the fill completes anyway.
   */
  series?: true;
  /**
   * Rows that follow the days of the week (weekday attendance, fewer console sessions at weekends): moved
   * by any whole days they would land on other days of the week (a Friday's sessions on a Saturday,
   * attendance at weekends). They move by the whole weeks below the move instead, and this makes the 0–6
   * days that leaves out, [from, today), from the seed's own model, and drops what then lies before the
   * seed's window for `today`: the table as a seed made on the moved day would hold it.
   */
  weekly?: (tx: Db, from: number, today: number) => Promise<void>;
}

/** Every date and timestamp column of the database, by table; a test holds this list to the schema. */
export const DEMO_SHIFTS: readonly DemoShift[] = [
  { table: roles, days: [roles.createdAt, roles.updatedAt] },
  {
    table: users,
    days: [users.tokensValidAfter, users.createdAt, users.updatedAt, users.lastLoginAt],
  },
  { table: loginThrottle, days: [loginThrottle.firstFailureAt, loginThrottle.blockedUntil] },
  { table: serverSecrets, days: [serverSecrets.createdAt] },
  { table: organizations, days: [organizations.createdAt] },
  {
    table: subscriptions,
    days: [subscriptions.currentPeriodStart, subscriptions.currentPeriodEnd],
  },
  { table: memberships, days: [memberships.joinedAt, memberships.lastActiveAt] },
  { table: invites, days: [invites.expiresAt, invites.createdAt] },
  { table: children, days: [children.dateOfBirth, children.enrolledAt] },
  {
    table: attendance,
    days: [attendance.date, attendance.checkInAt, attendance.checkOutAt],
    weekly: async (tx, from, today) => {
      await tx
        .delete(attendance)
        .where(
          or(
            lt(attendance.date, isoDay(today - ATTENDANCE_DAYS * DAY_MS)),
            gte(attendance.date, isoDay(from)),
          ),
        );
      await insertDemoAttendance(tx, { from, to: today });
    },
  },
  { table: dashboards, days: [dashboards.createdAt] },
  { table: alerts, days: [alerts.createdAt, alerts.updatedAt, alerts.resolvedAt] },
  { table: alertTransitions, days: [alertTransitions.at] },
  {
    table: alertRules,
    days: [alertRules.createdAt, alertRules.updatedAt, alertRules.lastTriggered],
  },
  { table: alertNotifications, days: [alertNotifications.createdAt] },
  { table: alertSilences, days: [alertSilences.startsAt, alertSilences.endsAt, alertSilences.createdAt] },
  { table: maintenanceWindows, days: [maintenanceWindows.createdAt] },
  { table: notificationPreferences, days: [notificationPreferences.updatedAt] },
  // The demo's records are unsealed: they move as they are sealed (anchorDemo). A sealed one is moved
  // here, which the append-only trigger refuses: the move fails whole.
  { table: auditLogs, days: [auditLogs.timestamp], where: sql`${auditLogs.hash} <> ''` },
  { table: exportJobs, days: [exportJobs.frozenAt, exportJobs.createdAt, exportJobs.expiresAt] },
  {
    table: oneTimeTokens,
    days: [oneTimeTokens.expiresAt, oneTimeTokens.usedAt, oneTimeTokens.createdAt],
  },
  // Their triggers move the business summaries (business_days) with them, row by row.
  { table: organizationAddOns, days: [organizationAddOns.startedAt, organizationAddOns.endedAt] },
  { table: subscriptionEvents, days: [subscriptionEvents.occurredAt] },
  {
    table: acquisitionSpend,
    days: [acquisitionSpend.updatedAt],
    months: [acquisitionSpend.month],
    keyed: true,
  },
  { table: cloudCosts, days: [cloudCosts.date], keyed: true },
  {
    table: usageEvents,
    days: [usageEvents.occurredAt, usageEvents.receivedAt],
    series: true,
    weekly: fillDemoUsageDays,
  },
  // The monitoring signals: whole days keep minutes and hours on their boundaries.
  { table: requestRollups, days: [requestRollups.periodStart], keyed: true, series: true },
  { table: requestErrorExamples, days: [requestErrorExamples.lastSeenAt] },
  {
    table: serverInstances,
    days: [serverInstances.startedAt, serverInstances.lastSeenAt, serverInstances.stoppedAt],
  },
  { table: processSamples, days: [processSamples.sampledAt], keyed: true, series: true },
  { table: serviceProbes, days: [serviceProbes.checkedAt], keyed: true, series: true },
  // Integrations (issue 16): the demo endpoints' delivery history and the demo API keys.
  {
    table: integrations,
    days: [
      integrations.previousSecretUntil,
      integrations.failingSince,
      integrations.lastSyncAt,
      integrations.createdAt,
    ],
  },
  { table: webhookEvents, days: [webhookEvents.occurredAt] },
  {
    table: webhookDeliveries,
    days: [webhookDeliveries.nextAttemptAt, webhookDeliveries.lastAttemptAt, webhookDeliveries.createdAt],
  },
  {
    table: apiKeys,
    days: [apiKeys.createdAt, apiKeys.expiresAt, apiKeys.lastUsedAt, apiKeys.revokedAt],
  },
  // Seen since the schema barrel holds every table (issue 26): the demo's report definitions were left on
  // the build's day; the rest is empty in a fresh demo, and moved like the rest if a build ever fills it.
  {
    table: reports,
    days: [
      reports.createdAt,
      reports.updatedAt,
      reports.lastGeneratedAt,
      reports.runningSince,
      reports.nextRunAt,
      reports.lastDeliveryAt,
    ],
  },
  { table: reportFiles, days: [reportFiles.generatedAt, reportFiles.expiresAt] },
  { table: backupLocations, days: [backupLocations.createdAt, backupLocations.lastCheck] },
  { table: backupJobs, days: [backupJobs.createdAt, backupJobs.updatedAt] },
  {
    table: backupRuns,
    days: [
      backupRuns.startedAt,
      backupRuns.endedAt,
      backupRuns.heartbeatAt,
      backupRuns.verifiedAt,
      backupRuns.removedAt,
    ],
  },
  { table: systemSettingsVersions, days: [systemSettingsVersions.savedAt] },
  { table: userTwoFactor, days: [userTwoFactor.confirmedAt, userTwoFactor.createdAt] },
  { table: twoFactorRecoveryCodes, days: [twoFactorRecoveryCodes.usedAt] },
];

/** Tables with dates that are not shifted, and why. */
export const NOT_SHIFTED: Readonly<Record<string, string>> = {
  business_days: 'kept by the triggers of subscription_events and organization_add_ons, which move',
  demo_anchor: 'the anchor itself: it records the move',
  alert_evaluation_ticks: 'the intervals a running server evaluated; the seed evaluates none',
  alert_rule_instances: 'evaluation state of a running server; the seed leaves every series to start normal',
  rate_limit_counters: "a running server's rate-limit windows, a minute long; the seed writes none",
  backup_restore_test:
    "a running server's restore-test setting, written at its first start; the seed writes none",
};

export interface DemoMove {
  days: number;
  months: number;
}

/** The whole UTC days and calendar months from the seed's day to `now`'s. */
export function demoMove(seededAt: number, now: number): DemoMove {
  const from = new Date(seededAt);
  const to = new Date(now);
  return {
    days: Math.round((startOfUtcDay(now) - startOfUtcDay(seededAt)) / DAY_MS),
    months: (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth()),
  };
}

const isDate = (column: PgColumn) => column.getSQLType() === 'date';

/** The column moved: dates by whole days, instants by 24-hour steps (no time zone in play). */
function moved(column: PgColumn, shift: DemoShift, move: DemoMove): SQL {
  const name = sql.identifier(column.name);
  if (shift.months?.includes(column)) {
    return sql`(${name} + make_interval(months => ${move.months}::int))::date`;
  }
  if (!shift.days.includes(column)) return sql`${name}`;
  return isDate(column)
    ? sql`${name} + ${move.days}::int`
    : sql`${name} + make_interval(hours => ${move.days * 24}::int)`;
}

/** One statement that moves every date of the table. */
export function shiftStatement(shift: DemoShift, move: DemoMove): SQL {
  const config = getTableConfig(shift.table);
  const table = sql.identifier(config.name);
  const where = shift.where ? sql` where ${shift.where}` : sql``;
  if (shift.keyed) {
    const columns = config.columns;
    return sql`with old as (delete from ${table}${where} returning *)
      insert into ${table} (${sql.join(
        columns.map((c) => sql.identifier(c.name)),
        sql`, `,
      )})
      select ${sql.join(
        columns.map((c) => moved(c, shift, move)),
        sql`, `,
      )} from old order by 1`;
  }
  const shifted = [...shift.days, ...(shift.months ?? [])];
  return sql`update ${table} set ${sql.join(
    shifted.map((c) => sql`${sql.identifier(c.name)} = ${moved(c, shift, move)}`),
    sql`, `,
  )}${where}`;
}

/** Moves the table's dates; rows that follow the week by whole weeks, the days left out made by the model. */
async function moveOrFill(tx: Db, shift: DemoShift, seededAt: Date, move: DemoMove): Promise<void> {
  const left = ((move.days % 7) + 7) % 7;
  if (!shift.weekly || left === 0) {
    await tx.execute(shiftStatement(shift, move));
    return;
  }
  await tx.execute(shiftStatement(shift, { ...move, days: move.days - left }));
  const today = startOfUtcDay(seededAt.getTime()) + move.days * DAY_MS;
  await shift.weekly(tx, today - left * DAY_MS, today);
}

/**
 * Moves the intraday series (DEMO_SHIFTS' `series`): their rows the seed made, which all lie at or before
 * its instant; a row this server recorded lies on the first start's day or later.
 */
async function moveSeries(tx: Db, seededAt: Date, move: DemoMove): Promise<void> {
  for (const shift of DEMO_SHIFTS) {
    if (!shift.series) continue;
    const where = sql`${sql.identifier(shift.days[0]!.name)} <= ${seededAt}`;
    await moveOrFill(tx, { ...shift, where }, seededAt, move);
  }
}

/**
 * Moves a demo that is waiting for its first start to `now`'s day, once; answers the move, or null when
 * there was nothing to move (no demo, or moved already). Its intraday series are left to fillDemoDay,
 * which moves them and continues them to `now`'s minute once the server answers. The demo's audit records are
 * still unsealed (no hash yet): the append-only trigger lets exactly those be rewritten under
 * audit.sealing; they are moved as they are sealed, in one pass, so `GET /audit-logs/verify` holds with
 * the moved instants.
 */
export async function anchorDemo(db: Db, now: number): Promise<DemoMove | null> {
  return db.transaction(async (tx) => {
    // Not filledTo: a migration test runs this at schemas before it (with no demo to move).
    const [anchor] = await tx
      .select({ seededAt: demoAnchor.seededAt, anchoredAt: demoAnchor.anchoredAt })
      .from(demoAnchor)
      .for('update');
    if (!anchor || anchor.anchoredAt) return null;
    const move = demoMove(anchor.seededAt.getTime(), now);
    if (move.days !== 0 || move.months !== 0) {
      await tx.execute(sql`select set_config('audit.sealing', 'on', true)`);
      for (const shift of DEMO_SHIFTS) {
        if (!shift.series) await moveOrFill(tx, shift, anchor.seededAt, move);
      }
      await tx.execute(sql`select set_config('audit.sealing', '', true)`);
      await sealLegacyAuditRecords(tx, move.days * DAY_MS);
    }
    // filledTo stays null while the series wait for their move (the fill's first step).
    await tx
      .update(demoAnchor)
      .set({ anchoredAt: new Date(now), filledTo: move.days === 0 ? anchor.seededAt : null })
      .where(eq(demoAnchor.id, true));
    return move;
  });
}

/**
 * Moves the demo's intraday series (DEMO_SHIFTS' `series`) to the first start's day, then continues them
 * from where they end (filledTo) to the minute of its first start (anchoredAt), an hour per transaction,
 * and today's console usage with the last hour; answers the hours filled. A start runs it after it
 * answers (issue 29: a fast first launch): in one transaction with the start's move, the series' move
 * (~0.5 s) and the fill (1–2 s) held PGlite's only connection ahead of the first sign-in; so, a request
 * waits for the series' move or an hour's ~0.1 s at most (the fill yields to the event loop between
 * steps). What is done stays done: a start stopped halfway continues on the next one, still to the first
 * start's minute (the server recorded what came after itself). `stop` ends it between steps.
 */
export async function fillDemoDay(db: Db, stop: () => boolean = () => false): Promise<number> {
  let hours = 0;
  for (;;) {
    if (stop()) return hours;
    const step = await db.transaction(async (tx): Promise<'moved' | 'hour' | 'done'> => {
      const [anchor] = await tx.select().from(demoAnchor).for('update');
      if (!anchor?.anchoredAt) return 'done';
      const target = anchor.anchoredAt.getTime();
      const move = demoMove(anchor.seededAt.getTime(), target);
      const seededAt = anchor.seededAt.getTime() + move.days * DAY_MS;
      if (!anchor.filledTo) {
        // The first step: the series move to the first start's day, and end where the seed ended them.
        await moveSeries(tx, anchor.seededAt, move);
        await tx
          .update(demoAnchor)
          .set({ filledTo: new Date(seededAt) })
          .where(eq(demoAnchor.id, true));
        return 'moved';
      }
      const lastMinute = target - (target % MINUTE_MS);
      const filledTo = anchor.filledTo.getTime();
      if (filledTo >= lastMinute) return 'done';
      // The hour after the last one made whole; the seed's own last hour is made again from its start.
      const hour = startOfHour(filledTo + MINUTE_MS);
      const to = await fillDemoSignalsHour(tx, seededAt, hour, target);
      if (to >= lastMinute) await fillDemoUsage(tx, seededAt, target);
      await tx
        .update(demoAnchor)
        .set({ filledTo: new Date(to) })
        .where(eq(demoAnchor.id, true));
      return 'hour';
    });
    if (step === 'done') return hours;
    if (step === 'hour') hours++;
    // Gives way between steps. On PGlite a transaction's statements resolve as microtasks, with no I/O
    // in between: without this, the whole fill ran before anything else (a request, the readdir after
    // listen, the thread's "ready" to the host): ~0.6 s of a first start at 22:00.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
