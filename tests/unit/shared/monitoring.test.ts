import { describe, expect, it } from 'vitest';
import {
  apdex,
  apdexBucket,
  endpointErrorTone,
  endpointStatus,
  errorKpiTone,
  loadTone,
  overallHealthTone,
  regionErrorTone,
  withinSla,
} from '../../../shared/monitoring';

describe('Apdex (T = 500 ms)', () => {
  it('counts satisfied at or under T, tolerating at or under 4T, errors always frustrated', () => {
    expect(apdexBucket(500, false)).toBe('satisfied');
    expect(apdexBucket(501, false)).toBe('tolerating');
    expect(apdexBucket(2000, false)).toBe('tolerating');
    expect(apdexBucket(2001, false)).toBe('frustrated');
    expect(apdexBucket(1, true)).toBe('frustrated');
  });
  it('is (satisfied + tolerating / 2) / total, null without requests', () => {
    expect(apdex(60, 30, 100)).toBe(0.75);
    expect(apdex(0, 0, 0)).toBeNull();
  });
});

describe('colour thresholds of part 2 §9', () => {
  it('endpoint error rate: red above 3, yellow above 1', () => {
    expect([0.5, 1, 1.01, 3, 3.01].map(endpointErrorTone)).toEqual(['good', 'good', 'warn', 'warn', 'bad']);
    expect([1, 2, 4].map(endpointStatus)).toEqual(['healthy', 'warning', 'critical']);
  });
  it("error rate KPI: red above 3, 'Within SLA' below 2", () => {
    expect([1.99, 2, 3, 3.01].map(errorKpiTone)).toEqual(['good', 'warn', 'warn', 'bad']);
    expect([1.99, 2].map(withinSla)).toEqual([true, false]);
  });
  it('geographic errors red above 2; load red above 80, yellow above 60; health green above 90', () => {
    expect([2, 2.01].map(regionErrorTone)).toEqual(['good', 'bad']);
    expect([60, 61, 80, 81].map(loadTone)).toEqual(['good', 'warn', 'warn', 'bad']);
    expect([90, 90.1].map(overallHealthTone)).toEqual(['warn', 'good']);
  });
});
