/**
 * How a report file writes its figures: dates as people read them (never an ISO timestamp), in the
 * platform's timezone; a figure's change against its previous period, relative for amounts and in
 * percentage points for percentages; each earlier period the same length as the figure's own.
 */
import { describe, expect, it } from 'vitest';
import { chartCaption, chartPoints, CHART_POINTS_MAX } from '../../../../server/reports/chart';
import { changeOf, formatChange, formatDate, formatValue } from '../../../../server/reports/format';
import { previousPeriod } from '../../../../server/reports/previous';

const NOW = Date.parse('2026-03-02T09:00:00.000Z');
const DAY = 86_400_000;

describe('report dates', () => {
  it('writes days, months and instants readably, instants in the platform’s timezone', () => {
    expect(formatDate('2026-02-27', 'UTC')).toBe('27 Feb 2026');
    expect(formatDate('2026-02', 'UTC')).toBe('Feb 2026');
    expect(formatDate('2026-02-27T14:05:00.000Z', 'UTC')).toBe('27 Feb 2026, 14:05');
    // 14:05 UTC is 09:05 in New York (EST); a day is a calendar day wherever the platform is.
    expect(formatDate('2026-02-27T14:05:00.000Z', 'America/New_York')).toBe('27 Feb 2026, 09:05');
    expect(formatDate('2026-02-27T02:00:00.000Z', 'America/New_York', { time: false })).toBe('26 Feb 2026');
    expect(formatDate('2026-02-27', 'America/Los_Angeles')).toBe('27 Feb 2026');
    expect(formatDate('2026-02-27T14:05:00Z', 'UTC', { year: false })).toBe('27 Feb, 14:05');
    // Text that is not a date is left as it is.
    expect(formatDate('Professional', 'UTC')).toBe('Professional');
    expect(formatDate('GET /organizations/:id', 'UTC')).toBe('GET /organizations/:id');
    expect(formatValue('2026-02-27T14:05:00.000Z', 'date', 'UTC')).toBe('27 Feb 2026, 14:05');
  });

  it('labels a chart’s dates without the year, and its caption gives the span it draws', () => {
    const points = Array.from({ length: CHART_POINTS_MAX + 10 }, (_, i) => ({
      label: new Date(NOW - (CHART_POINTS_MAX + 9 - i) * 3_600_000).toISOString(),
      value: i,
    }));
    const chart = { kind: 'line' as const, points };
    const drawn = chartPoints(chart, 'UTC');
    expect(drawn).toHaveLength(CHART_POINTS_MAX);
    expect(drawn.at(-1)).toEqual({ label: '2 Mar, 09:00', value: CHART_POINTS_MAX + 9 });
    expect(chartCaption('requestVolume', chart, 'UTC')).toBe(
      'Requests per hour, 27 Feb 2026, 22:00 – 2 Mar 2026, 09:00',
    );
    const plans = { kind: 'bar' as const, points: [{ label: 'Starter', value: 1 }] };
    expect(chartCaption('revenueByPlan', plans, 'UTC')).toBe('Monthly recurring revenue by plan');
  });
});

describe('a figure’s change against its previous period', () => {
  const metric = (
    unit: 'money' | 'ratio' | 'percent' | 'count',
    value: number | null,
    before: number | null,
  ) => ({
    unit,
    value,
    previous: { value: before, coverage: 'Previous 30 days' },
  });

  it('is relative for amounts, in points for percentages', () => {
    expect(formatChange(changeOf(metric('money', 6295, 5539)))).toBe('+13.6%');
    expect(formatChange(changeOf(metric('count', 90, 100)))).toBe('-10.0%');
    expect(formatChange(changeOf(metric('count', 100, 100)))).toBe('0.0%');
    expect(formatChange(changeOf(metric('ratio', 0.025, 0.02)))).toBe('+0.5 pts');
    expect(formatChange(changeOf(metric('percent', 97.5, 99)))).toBe('-1.5 pts');
    // A change that rounds to nothing has no sign.
    expect(formatChange(changeOf(metric('count', 100_000, 100_001)))).toBe('0.0%');
  });

  it('is n/a when a figure is missing or the previous one was 0', () => {
    expect(changeOf(metric('money', null, 5))).toBeNull();
    expect(changeOf(metric('money', 5, null))).toBeNull();
    expect(changeOf(metric('count', 5, 0))).toBeNull();
    expect(changeOf(metric('count', 0, 0))).toEqual({ kind: 'relative', value: 0 });
    expect(changeOf({ unit: 'count', value: 5, previous: null })).toBeNull();
    expect(formatChange(null)).toBe('n/a');
  });

  it('compares each figure with the period of the same length just before its own', () => {
    const filters = (period: '7d' | '30d' | 'quarter' | 'ytd') => ({
      organizationId: null,
      plan: null,
      period,
    });
    expect(previousPeriod('period', filters('30d'), NOW)).toEqual({
      now: NOW - 30 * DAY,
      coverage: 'Previous 30 days',
    });
    expect(previousPeriod('period', filters('quarter'), NOW)?.now).toBe(NOW - 90 * DAY);
    expect(previousPeriod('period', filters('ytd'), NOW)).toEqual({
      now: Date.parse('2025-03-02T09:00:00.000Z'),
      coverage: 'Same period last year',
    });
    expect(previousPeriod('cost', filters('ytd'), NOW)?.now).toBe(NOW - 365 * DAY);
    expect(previousPeriod('budget', filters('7d'), NOW)?.now).toBe(NOW - 30 * DAY);
    expect(previousPeriod('api', filters('ytd'), NOW)?.now).toBe(NOW - 7 * DAY);
    expect(previousPeriod('health', filters('30d'), NOW)).toEqual({
      now: NOW - DAY,
      coverage: 'Previous 24 hours',
    });
    expect(previousPeriod('usage', filters('ytd'), NOW)?.now).toBe(NOW - 90 * DAY);
    expect(previousPeriod('none', filters('30d'), NOW)).toBeNull();
  });
});
