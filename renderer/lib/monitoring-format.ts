/** Figures of the monitoring screens: milliseconds, percentages, clock times of chart points. */
import { formatNumber } from './format';

export const formatMs = (value: number | null | undefined): string =>
  value === null || value === undefined
    ? '—'
    : value >= 1000
      ? `${(value / 1000).toFixed(2)} s`
      : `${Math.round(value)} ms`;

export const formatPct = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined ? '—' : `${value.toFixed(digits)}%`;

export const formatCount = (value: number): string => formatNumber(value);

export const clockLabel = (iso: string): string =>
  new Date(iso).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });

export const dayHourLabel = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { weekday: 'short', hour: '2-digit', hour12: false });

/** A last-check or last-updated instant: the time of day with seconds, "Never" without one. */
export const formatTime = (iso: string | null | undefined): string =>
  iso
    ? new Date(iso).toLocaleTimeString('en-US', {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hour12: false,
      })
    : 'Never';
