import { describe, expect, it } from 'vitest';
import { formatMoney, formatPercent } from '../../../renderer/lib/format';

describe('money and percent formatting of the business figures', () => {
  it('shows dollars, cents on request, and n/a for an undefined figure', () => {
    expect(formatMoney(12_345.6)).toBe('$12,346');
    expect(formatMoney(1870, true)).toBe('$1,870.00');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(null)).toBe('n/a');
    expect(formatMoney(undefined)).toBe('n/a');
    expect(formatMoney(Number.NaN)).toBe('n/a');
  });

  it('shows a fraction as a percent with one decimal, and n/a', () => {
    expect(formatPercent(0.6256)).toBe('62.6%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('n/a');
  });
});
