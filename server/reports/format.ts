import { hoursAndMinutes } from '../../shared/alerting';
import type { MetricResult } from '../../shared/api/reports';

type Unit = MetricResult['table']['columns'][number]['unit'];

const grouped = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A date of a report as people write it, never an ISO timestamp: '27 Feb 2026' for a day, 'Feb 2026' for
 * a month (calendar dates, as stored), '27 Feb 2026, 14:00' for an instant, in the platform's timezone.
 * `year: false` drops the year (chart axes, where the caption names the range), `time: false` an
 * instant's time (a period's bounds: its day). Other text is kept.
 */
export function formatDate(
  value: string,
  timeZone: string,
  options: { year?: boolean; time?: boolean } = {},
): string {
  const year = options.year === false ? undefined : ('numeric' as const);
  const time = options.time === false ? undefined : ('2-digit' as const);
  const month = MONTH.exec(value);
  if (month)
    return new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(Number(month[1]), Number(month[2]) - 1, 1),
    );
  if (DAY.test(value))
    return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year, timeZone: 'UTC' }).format(
      new Date(`${value}T00:00:00Z`),
    );
  if (INSTANT.test(value))
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year,
      hour: time,
      minute: time,
      hourCycle: 'h23',
      timeZone,
    }).format(new Date(value));
  return value;
}

/** How the PDF writes a value (the XLSX keeps the number and formats the cell instead). */
export function formatValue(value: string | number | null, unit: Unit, timeZone = 'UTC'): string {
  if (value === null) return 'n/a';
  if (typeof value === 'string') return unit === 'date' ? formatDate(value, timeZone) : value;
  switch (unit) {
    case 'money':
      return money.format(value);
    case 'ratio':
      return `${grouped(1).format(value * 100)}%`;
    case 'percent':
      return `${grouped(1).format(value)}%`;
    case 'ms':
      return `${grouped(0).format(value)} ms`;
    case 'minutes':
      // As Alert Management writes it, after the exact figure.
      return `${grouped(1).format(value)} min (${hoursAndMinutes(value)})`;
    case 'score':
      return grouped(2).format(value);
    case 'count':
      return grouped(0).format(value);
    default:
      return String(value);
  }
}

/**
 * A figure's change against its previous period: relative (a fraction, 0.042 = +4.2%) for amounts, in
 * percentage points for a figure that is itself a percentage (churn 2.0% → 2.5% is +0.5 pts, not +25%).
 * Null when either figure is missing, or relative to nothing (the previous one was 0).
 */
export interface Change {
  kind: 'relative' | 'points';
  value: number;
}

export function changeOf(metric: Pick<MetricResult, 'unit' | 'value' | 'previous'>): Change | null {
  const before = metric.previous?.value ?? null;
  const now = metric.value;
  if (now === null || before === null) return null;
  if (metric.unit === 'ratio') return { kind: 'points', value: (now - before) * 100 };
  if (metric.unit === 'percent') return { kind: 'points', value: now - before };
  if (before === 0) return now === 0 ? { kind: 'relative', value: 0 } : null;
  return { kind: 'relative', value: (now - before) / Math.abs(before) };
}

const signed = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** '+4.2%', '-0.5 pts', 'n/a': as the XLSX's change cell shows the same number (XLSX_CHANGE_FORMATS). */
export function formatChange(change: Change | null): string {
  if (!change) return 'n/a';
  return change.kind === 'relative'
    ? `${signed.format(change.value * 100)}%`
    : `${signed.format(change.value)} pts`;
}

/** The excel number format of a change cell, to read as formatChange writes it. */
export const XLSX_CHANGE_FORMATS: Record<Change['kind'], string> = {
  relative: '+0.0%;-0.0%;0.0%',
  points: '+0.0" pts";-0.0" pts";0.0" pts"',
};

/** The excel number format of a unit's cells. */
export const XLSX_FORMATS: Partial<Record<Unit, string>> = {
  money: '"$"#,##0.00',
  ratio: '0.0%',
  percent: '0.0"%"',
  ms: '#,##0" ms"',
  minutes: '#,##0.0" min"',
  score: '0.00',
  count: '#,##0',
  date: 'yyyy-mm-dd hh:mm',
};
