import type { Tone } from '../../../shared/monitoring';
import type { StatusTone } from './StatusBadge';

/** A figure's colour by its tone (good green, warn yellow, bad red), readable on both themes. */
export const TONE_TEXT: Readonly<Record<Tone, string>> = {
  good: 'text-green-700 dark:text-green-400',
  warn: 'text-amber-700 dark:text-amber-300',
  bad: 'text-red-700 dark:text-red-400',
  neutral: 'text-fg',
};

/** Bars and dots. */
export const TONE_FILL: Readonly<Record<Tone, string>> = {
  good: 'bg-green-500',
  warn: 'bg-yellow-400',
  bad: 'bg-red-500',
  neutral: 'bg-gray-400',
};

/** The shared status badge's tone for a monitoring tone (its icon and words carry the status too). */
export const MONITORING_TONE: Readonly<Record<Tone, StatusTone>> = {
  good: 'ok',
  warn: 'warning',
  bad: 'critical',
  neutral: 'neutral',
};
