/**
 * A report schedule's next run: cron in the platform's timezone, wall-clock 06:00 across DST changes,
 * month ends and year ends; 'manual' has none (shown as 'TBD').
 */
import { describe, expect, it } from 'vitest';
import { nextRun } from '../../../../server/reports/schedule';

const at = (iso: string) => Date.parse(iso);
const next = (...args: Parameters<typeof nextRun>) => nextRun(...args)?.toISOString() ?? null;

describe('report schedule → next run', () => {
  it('has no next run for a manual report', () => {
    expect(nextRun('manual', 'UTC', at('2026-03-02T09:00:00Z'))).toBeNull();
  });

  it('runs daily at 06:00 in the timezone, strictly after now', () => {
    expect(next('daily', 'UTC', at('2026-03-02T05:59:59Z'))).toBe('2026-03-02T06:00:00.000Z');
    expect(next('daily', 'UTC', at('2026-03-02T06:00:00Z'))).toBe('2026-03-03T06:00:00.000Z');
    expect(next('daily', 'America/Los_Angeles', at('2026-07-01T12:00:00Z'))).toBe('2026-07-01T13:00:00.000Z');
    expect(next('daily', 'America/Chicago', at('2026-01-15T13:00:00Z'))).toBe('2026-01-16T12:00:00.000Z');
  });

  it('keeps 06:00 wall-clock time across the DST changes', () => {
    // New York springs forward on 8 March 2026 (EST -5 → EDT -4) and falls back on 1 November.
    expect(next('daily', 'America/New_York', at('2026-03-07T12:00:00Z'))).toBe('2026-03-08T10:00:00.000Z');
    expect(next('daily', 'America/New_York', at('2026-03-06T12:00:00Z'))).toBe('2026-03-07T11:00:00.000Z');
    expect(next('daily', 'America/New_York', at('2026-10-31T12:00:00Z'))).toBe('2026-11-01T11:00:00.000Z');
    expect(next('weekly', 'America/Denver', at('2026-03-04T00:00:00Z'))).toBe('2026-03-09T12:00:00.000Z');
  });

  it('runs weekly on Mondays', () => {
    // 2 March 2026 is a Monday.
    expect(next('weekly', 'UTC', at('2026-03-02T05:00:00Z'))).toBe('2026-03-02T06:00:00.000Z');
    expect(next('weekly', 'UTC', at('2026-03-02T07:00:00Z'))).toBe('2026-03-09T06:00:00.000Z');
    expect(next('weekly', 'America/Los_Angeles', at('2026-12-28T15:00:00Z'))).toBe(
      '2027-01-04T14:00:00.000Z',
    );
  });

  it('runs monthly on the 1st, across month and year ends and short months', () => {
    expect(next('monthly', 'UTC', at('2026-01-31T23:59:00Z'))).toBe('2026-02-01T06:00:00.000Z');
    expect(next('monthly', 'UTC', at('2026-02-28T12:00:00Z'))).toBe('2026-03-01T06:00:00.000Z');
    expect(next('monthly', 'UTC', at('2026-12-01T06:00:00Z'))).toBe('2027-01-01T06:00:00.000Z');
    // Still 31 January in Los Angeles when it is already 1 February in UTC.
    expect(next('monthly', 'America/Los_Angeles', at('2026-02-01T03:00:00Z'))).toBe(
      '2026-02-01T14:00:00.000Z',
    );
    // 1 April in New York is after the spring change: EDT.
    expect(next('monthly', 'America/New_York', at('2026-03-15T00:00:00Z'))).toBe('2026-04-01T10:00:00.000Z');
  });
});
