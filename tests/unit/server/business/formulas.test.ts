import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  averageChurn,
  averageRevenuePerAccount,
  churnRate,
  customerAcquisitionCost,
  grossMargin,
  lifetimeValue,
  monthStart,
  monthlyChurn,
  revenueOver,
  spendInWindow,
  trialConversion,
} from '../../../../server/business/formulas';
import { dashboardWindow, costDays } from '../../../../server/business/periods';

const T0 = Date.parse('2026-03-01T00:00:00.000Z');

describe('business formulas on hand-computed fixtures', () => {
  it('revenue: MRR held over the window plus each movement for the rest of it, per 30-day month', () => {
    // $1,000 MRR for 30 days, +$300 on day 10 (20 days left), −$150 on day 20 (10 days left):
    // 1000 + 300 × 20/30 − 150 × 10/30 = 1000 + 200 − 50 = 1150.
    const movements = [
      { at: T0 + 10 * DAY_MS, deltaCents: 30_000 },
      { at: T0 + 20 * DAY_MS, deltaCents: -15_000 },
      { at: T0 - DAY_MS, deltaCents: 99_999 },
      { at: T0 + 30 * DAY_MS, deltaCents: 99_999 },
    ];
    expect(revenueOver(100_000, movements, T0, T0 + 30 * DAY_MS)).toBeCloseTo(115_000, 6);
    expect(revenueOver(0, [], T0, T0 + 30 * DAY_MS)).toBe(0);
  });

  it('gross margin, CAC, ARPA and churn, with their undefined edges', () => {
    expect(grossMargin(500_000, 187_000)).toBeCloseTo(0.626, 10);
    expect(grossMargin(0, 187_000)).toBeNull();
    expect(grossMargin(100, 300)).toBe(-2);
    expect(customerAcquisitionCost(360_000, 4)).toBe(90_000);
    expect(customerAcquisitionCost(360_000, 0)).toBeNull();
    expect(averageRevenuePerAccount(600_000, 12)).toBe(50_000);
    expect(averageRevenuePerAccount(0, 0)).toBeNull();
    expect(churnRate(2, 40)).toBe(0.05);
    expect(churnRate(0, 40)).toBe(0);
    expect(churnRate(1, 0)).toBeNull();
    // 1 of 20 lost in 7 days: 5 % per 7 days, 5 × 30/7 % per month.
    expect(monthlyChurn(1, 20, 7)).toBeCloseTo((0.05 * 30) / 7, 12);
    expect(monthlyChurn(1, 0, 7)).toBeNull();
  });

  it('LTV = ARPA × margin ÷ average churn; n/a when churn is zero or unknown', () => {
    expect(averageChurn([0.02, 0.04, null, 0.03])).toBeCloseTo(0.03, 12);
    expect(averageChurn([null, null])).toBeNull();
    expect(averageChurn([])).toBeNull();
    // ARPA $500, margin 60 %, churn 3 %: 500 × 0.6 / 0.03 = $10,000.
    expect(lifetimeValue(50_000, 0.6, 0.03)).toBeCloseTo(1_000_000, 6);
    expect(lifetimeValue(50_000, 0.6, 0)).toBeNull();
    expect(lifetimeValue(50_000, 0.6, averageChurn([0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(lifetimeValue(null, 0.6, 0.03)).toBeNull();
    expect(lifetimeValue(50_000, null, 0.03)).toBeNull();
  });

  it('trial conversion; n/a without trials', () => {
    expect(trialConversion(3, 4)).toBe(0.75);
    expect(trialConversion(0, 2)).toBe(0);
    expect(trialConversion(0, 0)).toBeNull();
  });

  it('spend is prorated by the days of each month a window covers', () => {
    const months = [
      { month: '2026-02-01', amountCents: 280_000 }, // 28 days: 10,000 a day
      { month: '2026-03-01', amountCents: 310_000 }, // 31 days: 10,000 a day
    ];
    // 14 Feb to 11 Mar: 15 days of February and 10 of March.
    const start = Date.parse('2026-02-14T00:00:00.000Z');
    expect(spendInWindow(months, start, start + 25 * DAY_MS)).toBeCloseTo(250_000, 6);
    expect(spendInWindow([], start, start + DAY_MS)).toBe(0);
  });

  it('periods: windows ending now, and whole cost days before today', () => {
    const now = Date.parse('2026-03-02T09:00:00.000Z');
    expect(dashboardWindow('7d', now)).toEqual({ start: now - 7 * DAY_MS, end: now, days: 7 });
    expect(dashboardWindow('quarter', now).days).toBe(90);
    const ytd = dashboardWindow('ytd', now);
    expect(new Date(ytd.start).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(ytd.days).toBeCloseTo(60 + 9 / 24, 10);
    const days = costDays('7d', now);
    expect(new Date(days.last).toISOString().slice(0, 10)).toBe('2026-03-01');
    expect(new Date(days.first).toISOString().slice(0, 10)).toBe('2026-02-23');
    expect(new Date(monthStart(now, -12)).toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });
});
