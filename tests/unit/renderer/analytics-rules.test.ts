/** User Analytics display rules: the feature growth badge (part 2 §9) and the figures' formats. */
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatMetric,
  growthTone,
  signedPercent,
} from '../../../renderer/features/analytics/rules';

describe('feature growth badge', () => {
  it('is green at 15 or more, yellow at 10 or more, otherwise grey', () => {
    expect(growthTone(15)).toBe('green');
    expect(growthTone(42.3)).toBe('green');
    expect(growthTone(14.9)).toBe('yellow');
    expect(growthTone(10)).toBe('yellow');
    expect(growthTone(9.9)).toBe('grey');
    expect(growthTone(0)).toBe('grey');
    expect(growthTone(-20)).toBe('grey');
  });

  it('is grey when there is nothing to compare with', () => {
    expect(growthTone(null)).toBe('grey');
    expect(signedPercent(null)).toBe('n/a');
  });
});

describe('formats', () => {
  it('signs percentages', () => {
    expect(signedPercent(12.5)).toBe('+12.5%');
    expect(signedPercent(-3)).toBe('-3%');
    expect(signedPercent(0)).toBe('0%');
  });

  it('shows durations in minutes and seconds', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(245.4)).toBe('4m 05s');
    expect(formatDuration(0)).toBe('0s');
  });

  it('shows engagement figures with their unit', () => {
    expect(formatMetric(62, 's')).toBe('1m 02s');
    expect(formatMetric(12.5, '%')).toBe('12.5%');
    expect(formatMetric(3.25, 'pages')).toBe('3.3');
  });
});
