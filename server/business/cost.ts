import { sql } from 'drizzle-orm';
import {
  CLOUD_SERVICES,
  FIGURE_DEFINITIONS,
  type BudgetStatus,
  type CloudService,
  type CostBreakdown,
  type CostPeriod,
  type CostRecommendation,
  type CostRecord,
  type OptimizationScore,
} from '../../shared/api/business';
import type { Db } from '../db/client';
import { forecastNext } from './forecast';
import { DAY_MS, MONTH_DAYS, isoDay } from './formulas';
import { costDays } from './periods';
import { optimizationScore, recommend, type ServiceSpend } from './recommendations';
import { rows } from '../db/results';

type Amounts = Record<CloudService, number>;
interface Day {
  date: string;
  amounts: Amounts;
  total: number;
}

const dollars = (cents: number) => Math.round(cents) / 100;
const zero = (): Amounts => ({ lambda: 0, dynamodb: 0, s3: 0, cloudfront: 0, apigateway: 0, others: 0 });

/** Days with cost data in [first, last] (cents), oldest first. */
async function loadDays(db: Db, first: number, last: number): Promise<Day[]> {
  // One row per day, services as columns: a year and its predecessor are 730 rows, not 4,380.
  const found = await rows<Amounts & { date: string }>(
    db,
    sql`select to_char(date, 'YYYY-MM-DD') as date,
          ${sql.join(
            CLOUD_SERVICES.map(
              (s) =>
                sql`coalesce(sum(amount_cents) filter (where service = ${s}), 0)::float8 as ${sql.identifier(s)}`,
            ),
            sql`, `,
          )}
        from cloud_costs where date >= ${isoDay(first)} and date <= ${isoDay(last)}
        group by date order by date`,
  );
  return found.map((row) => {
    const amounts = zero();
    for (const s of CLOUD_SERVICES) amounts[s] = row[s];
    return { date: row.date, amounts, total: CLOUD_SERVICES.reduce((sum, s) => sum + amounts[s], 0) };
  });
}

/** The current period's days and the previous period's, by whole days before today. */
export async function loadPeriods(db: Db, period: CostPeriod, now: number) {
  const { first, last, days } = costDays(period, now);
  const all = await loadDays(db, first - days * DAY_MS, last);
  const boundary = isoDay(first);
  return {
    days,
    from: isoDay(first),
    to: isoDay(last),
    current: all.filter((d) => d.date >= boundary),
    previous: all.filter((d) => d.date < boundary),
  };
}
type Periods = Awaited<ReturnType<typeof loadPeriods>>;

const sumOf = (days: readonly Day[], pick: (d: Day) => number) => days.reduce((s, d) => s + pick(d), 0);

export function trendOf(p: Periods): CostRecord[] {
  return p.current.map((d) => ({
    date: d.date,
    total: dollars(d.total),
    ...(Object.fromEntries(CLOUD_SERVICES.map((s) => [s, dollars(d.amounts[s])])) as Amounts),
  }));
}

/** Missing days inside the period count as zero in the forecast's series. */
function seriesOf(p: Periods, pick: (d: Day) => number): number[] {
  const byDate = new Map(p.current.map((d) => [d.date, pick(d)]));
  const start = Date.parse(`${p.from}T00:00:00.000Z`);
  return Array.from({ length: p.days }, (_, i) => byDate.get(isoDay(start + i * DAY_MS)) ?? 0);
}

function change(current: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export function breakdownOf(p: Periods, period: CostPeriod): CostBreakdown {
  const enoughData = p.current.length >= p.days;
  const previousFull = p.previous.length >= p.days;
  const figures = (pick: (d: Day) => number) => {
    const current = sumOf(p.current, pick);
    const previous = previousFull ? sumOf(p.previous, pick) : null;
    const forecast = enoughData ? forecastNext(seriesOf(p, pick), p.days) : null;
    return { current, previous, forecast };
  };
  const total = figures((d) => d.total);
  return {
    period,
    from: p.from,
    to: p.to,
    daysWithData: p.current.length,
    enoughData,
    total: {
      current_cost: dollars(total.current),
      previous_cost: total.previous === null ? null : dollars(total.previous),
      change_percent: change(total.current, total.previous),
      forecast: total.forecast
        ? {
            value: dollars(total.forecast.value),
            low: dollars(total.forecast.low),
            high: dollars(total.forecast.high),
          }
        : null,
    },
    services: CLOUD_SERVICES.map((name) => {
      const f = figures((d) => d.amounts[name]);
      return {
        name,
        current_cost: dollars(f.current),
        previous_cost: f.previous === null ? null : dollars(f.previous),
        change_percent: change(f.current, f.previous),
        forecast: f.forecast ? dollars(f.forecast.value) : null,
        forecast_low: f.forecast ? dollars(f.forecast.low) : null,
        forecast_high: f.forecast ? dollars(f.forecast.high) : null,
      };
    }),
  };
}

/** Per service, the period's cost and the previous period's, both per 30 days. */
function monthlySpend(p: Periods): ServiceSpend[] {
  const perMonth = (cents: number) => (cents * MONTH_DAYS) / p.days;
  const previousFull = p.previous.length >= p.days;
  return CLOUD_SERVICES.map((service) => ({
    service,
    current: perMonth(sumOf(p.current, (d) => d.amounts[service])),
    previous: previousFull ? perMonth(sumOf(p.previous, (d) => d.amounts[service])) : 0,
  }));
}

export function recommendationsOf(p: Periods): CostRecommendation[] {
  return recommend(monthlySpend(p)).map((r) => ({
    id: r.id,
    service: r.service,
    category: r.category,
    title: r.title,
    description: r.description,
    potential_savings: dollars(r.savingsCents),
    effort: r.effort,
    implementation_time: r.implementationTime,
  }));
}

export function scoreOf(p: Periods): OptimizationScore {
  const spend = monthlySpend(p);
  const monthlyCost = spend.reduce((s, x) => s + x.current, 0);
  const savings = recommend(spend).reduce((s, r) => s + r.savingsCents, 0);
  return {
    score: optimizationScore(monthlyCost, savings),
    monthlyCost: dollars(monthlyCost),
    potentialSavings: dollars(savings),
    method: FIGURE_DEFINITIONS.optimizationScore,
  };
}

const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** Each budget against the last 30 complete days, and the forecast of the next 30. */
export async function budgetsOf(db: Db, now: number): Promise<BudgetStatus[]> {
  const [budgets, p] = await Promise.all([
    rows<{ id: string; name: string; limit: number; threshold: number }>(
      db,
      sql`select id, name, monthly_limit_cents::float8 as "limit", alert_threshold_percent as threshold
          from cost_budgets order by name`,
    ),
    loadPeriods(db, '30d', now),
  ]);
  const spent = sumOf(p.current, (d) => d.total);
  const forecast =
    p.current.length >= p.days
      ? forecastNext(
          seriesOf(p, (d) => d.total),
          30,
        )
      : null;
  return budgets.map((b) => {
    const usedPercent = b.limit > 0 ? Math.round((spent / b.limit) * 1000) / 10 : 0;
    const alerts: BudgetStatus['alerts'] = [];
    if (usedPercent >= b.threshold) {
      alerts.push({
        kind: 'actual',
        severity: usedPercent >= 100 ? 'critical' : 'warning',
        message: `${b.name}: ${usedPercent} % of the ${usd(b.limit)} monthly budget spent in the last 30 days`,
      });
    }
    if (forecast && forecast.value > b.limit) {
      alerts.push({
        kind: 'forecast',
        severity: forecast.low > b.limit ? 'critical' : 'warning',
        message: `${b.name}: the next 30 days are forecast at ${usd(forecast.value)}, over the ${usd(b.limit)} budget`,
      });
    }
    return {
      id: b.id,
      name: b.name,
      monthlyLimit: dollars(b.limit),
      alertThresholdPercent: b.threshold,
      spent: dollars(spent),
      usedPercent,
      forecast: forecast ? dollars(forecast.value) : null,
      alerts,
    };
  });
}
