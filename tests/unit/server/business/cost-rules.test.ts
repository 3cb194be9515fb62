import { describe, expect, it } from 'vitest';
import { forecastNext, linearFit } from '../../../../server/business/forecast';
import { optimizationScore, recommend, type ServiceSpend } from '../../../../server/business/recommendations';
import { describeCsvErrors, parseCostCsv } from '../../../../server/business/cost-csv';

describe('forecast on known series', () => {
  it('a straight line is continued exactly, with a zero-width band', () => {
    // 10, 12, …, 28 (10 days): the next 5 are 30..38, sum 170.
    const series = Array.from({ length: 10 }, (_, i) => 10 + 2 * i);
    expect(linearFit(series)).toEqual({ slope: 2, intercept: 10, sigma: 0 });
    expect(forecastNext(series, 5)).toEqual({ value: 170, low: 170, high: 170 });
  });

  it('a flat noisy series forecasts its mean with an 80 % band growing with √horizon', () => {
    const series = [9, 11, 9, 11, 9, 11];
    const fit = linearFit(series);
    const forecast = forecastNext(series, 4)!;
    // Σ(x−x̄)(y−ȳ) = 3, Σ(x−x̄)² = 17.5: slope 6/35, intercept 10 − 2.5 × 6/35 = 67/7;
    // days 6..9 sum to 4 × 67/7 + 6/35 × 30 = 304/7.
    expect(fit.slope).toBeCloseTo(6 / 35, 12);
    expect(fit.intercept).toBeCloseTo(67 / 7, 12);
    expect(forecast.value).toBeCloseTo(304 / 7, 10);
    expect(forecast.high - forecast.value).toBeCloseTo(1.2816 * fit.sigma * 2, 10);
  });

  it('no forecast from fewer than two days; never below zero', () => {
    expect(forecastNext([5], 3)).toBeNull();
    expect(forecastNext([], 3)).toBeNull();
    expect(forecastNext([30, 20, 10], 5)!.value).toBe(0);
  });
});

describe('recommendations and the optimization score', () => {
  const spend = (current: Partial<Record<ServiceSpend['service'], [number, number]>>): ServiceSpend[] =>
    Object.entries(current).map(([service, [c, p]]) => ({
      service: service as ServiceSpend['service'],
      current: c,
      previous: p,
    }));

  it('fires the rules whose conditions hold, largest savings first', () => {
    const recs = recommend(
      spend({ lambda: [60_000, 50_000], dynamodb: [20_000, 20_000], s3: [20_000, 20_000] }),
    );
    // lambda 60 % of cost, grew 20 %: right-size (20 % of 600) and cache (10 %); s3 20 %: lifecycle (30 %).
    expect(recs.map((r) => [r.id, r.savingsCents])).toEqual([
      ['lambda-right-size', 12_000],
      ['lambda-cache-hot-paths', 6_000],
      ['s3-lifecycle', 6_000],
    ]);
    expect(recs[0]).toMatchObject({ service: 'lambda', category: 'cost-reduction', effort: 'low' });
    expect(recommend([])).toEqual([]);
    expect(recommend(spend({ lambda: [0, 0] }))).toEqual([]);
  });

  it('score = 100 × (1 − savings ÷ cost), 100 with no cost', () => {
    expect(optimizationScore(187_000, 52_360)).toBe(72);
    expect(optimizationScore(100, 0)).toBe(100);
    expect(optimizationScore(100, 500)).toBe(0);
    expect(optimizationScore(0, 0)).toBe(100);
  });
});

describe('cost CSV', () => {
  const header = 'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others';

  it('reads days, with or without a total', () => {
    const result = parseCostCsv(`${header}\n2026-03-01,21.00,10,5,2,2,1,1\r\n2026-03-02,,1.5,0,0,0,0,0.25\n`);
    expect(result).toEqual({
      ok: true,
      days: [
        {
          date: '2026-03-01',
          amounts: { lambda: 1000, dynamodb: 500, s3: 200, cloudfront: 200, apigateway: 100, others: 100 },
        },
        {
          date: '2026-03-02',
          amounts: { lambda: 150, dynamodb: 0, s3: 0, cloudfront: 0, apigateway: 0, others: 25 },
        },
      ],
    });
  });

  it('reports every bad line with its number', () => {
    const csv = [
      header,
      '2026-03-01,1,1,0,0,0,0,0',
      '2026-02-30,1,1,0,0,0,0,0',
      '2026-03-03,,abc,0,0,0,0,0',
      '2026-03-04,9,1,0,0,0,0,0',
      '2026-03-01,1,1,0,0,0,0,0',
      '2026-03-06,1,1',
      '2026-03-07,,-1,0,0,0,0,0',
    ].join('\n');
    const result = parseCostCsv(csv);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { line: 3, message: '"2026-02-30" is not a date (YYYY-MM-DD)' },
      { line: 4, message: 'lambda: "abc" is not an amount in dollars' },
      { line: 5, message: 'total 9 is not the sum of the services (1.00)' },
      { line: 6, message: '2026-03-01 already appears on line 2' },
      { line: 7, message: 'expected 8 values, found 3' },
      { line: 8, message: 'lambda: "-1" is not an amount in dollars' },
    ]);
    expect(describeCsvErrors(result.errors, 2)).toBe(
      'line 3: "2026-02-30" is not a date (YYYY-MM-DD); line 4: lambda: "abc" is not an amount in dollars; and 4 more',
    );
  });

  it('refuses a wrong header and a file without records', () => {
    expect(parseCostCsv('day,amount\n2026-03-01,1')).toEqual({
      ok: false,
      errors: [{ line: 1, message: `the header must be ${header}` }],
    });
    expect(parseCostCsv(`${header}\n`)).toEqual({
      ok: false,
      errors: [{ line: 2, message: 'no cost records' }],
    });
  });
});
