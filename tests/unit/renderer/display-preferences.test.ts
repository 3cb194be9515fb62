import { afterEach, describe, expect, it } from 'vitest';
import { TIMEZONE_IANA } from '../../../shared/settings';
import { count } from '../../../renderer/features/analytics/rules';
import { formatCount } from '../../../renderer/lib/monitoring-format';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  setDisplayPreferences,
} from '../../../renderer/lib/format';

describe('the platform timezone and language drive the console formats', () => {
  afterEach(() => setDisplayPreferences('en-US', 'UTC'));

  it('formats dates in the platform zone and language', () => {
    const lateEvening = '2026-03-02T03:30:00.000Z';
    setDisplayPreferences('en-US', TIMEZONE_IANA.UTC);
    expect(formatDate(lateEvening)).toBe('Mar 2, 2026');
    setDisplayPreferences('en-US', TIMEZONE_IANA.Pacific);
    expect(formatDate(lateEvening)).toBe('Mar 1, 2026');
    expect(formatDateTime(lateEvening)).toBe('Mar 1, 2026, 7:30 PM');
    setDisplayPreferences('de-DE', TIMEZONE_IANA.Eastern);
    expect(formatDate(lateEvening)).toMatch(/^1\. März 2026$/);
  });

  it('groups numbers and money as the language does', () => {
    setDisplayPreferences('de-DE', TIMEZONE_IANA.UTC);
    expect(formatNumber(12_345)).toBe('12.345');
    expect(formatMoney(1870)).toMatch(/^1\.870\s\$$/);
    setDisplayPreferences('fr-FR', TIMEZONE_IANA.UTC);
    expect(formatNumber(12_345)).toMatch(/^12\s345$/);
    setDisplayPreferences('en-US', TIMEZONE_IANA.UTC);
    expect(formatNumber(12_345)).toBe('12,345');
  });

  it("the screens' own counts follow the language too (analytics, monitoring)", () => {
    setDisplayPreferences('de-DE', TIMEZONE_IANA.UTC);
    expect(count(12345)).toBe('12.345');
    expect(formatCount(12345)).toBe('12.345');
    setDisplayPreferences('en-US', TIMEZONE_IANA.UTC);
    expect(count(12345)).toBe('12,345');
  });
});
