/** How User Analytics shows its figures (part 2 §9): pure, unit-tested. */
import { formatNumber } from '../../lib/format';
import { ANALYTICS_TEXTS } from './texts';

export type GrowthTone = 'green' | 'yellow' | 'grey';

/** Feature growth badge: green at 15 or more, yellow at 10 or more, otherwise grey (part 2 §9). */
export function growthTone(growth: number | null): GrowthTone {
  if (growth === null) return 'grey';
  if (growth >= 15) return 'green';
  if (growth >= 10) return 'yellow';
  return 'grey';
}

/** The colour's meaning in words, so it is never told by colour alone. */
export const GROWTH_TONE_TEXT: Record<GrowthTone, string> = ANALYTICS_TEXTS.features.growth;

export const GROWTH_TONE_CLASS: Record<GrowthTone, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200',
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-200',
  grey: 'bg-surface-muted text-fg',
};

/** A signed percentage: "+12.5%", "-3%", or "n/a" without a base to compare with. */
export function signedPercent(value: number | null): string {
  if (value === null) return ANALYTICS_TEXTS.notAvailable;
  return `${value > 0 ? '+' : ''}${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** Seconds as minutes and seconds: "4m 05s", "45s". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes === 0 ? `${rest}s` : `${minutes}m ${String(rest).padStart(2, '0')}s`;
}

/** An engagement figure with its unit. */
export function formatMetric(value: number, unit: string): string {
  if (unit === 's') return formatDuration(value);
  if (unit === '%') return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

export const count = (n: number) => formatNumber(n);
