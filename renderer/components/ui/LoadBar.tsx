import { clsx } from 'clsx';
import { loadTone } from '../../../shared/monitoring';
import { TONE_FILL } from './tone';

/** Part 2 §9's load bar: red above 80, yellow above 60, else green; width capped at 100 %. */
export function LoadBar({ value, label }: { value: number | null; label: string }) {
  if (value === null) return <span className="text-muted">—</span>;
  const tone = loadTone(value);
  return (
    <span className="flex items-center gap-2">
      <span
        role="meter"
        aria-label={label}
        aria-valuenow={Math.round(value)}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 w-20 overflow-hidden rounded-full bg-surface-muted"
      >
        <span
          data-tone={tone}
          className={clsx('block h-full rounded-full', TONE_FILL[tone])}
          style={{ width: `${Math.min(100, Math.max(0, value))}%` }}
        />
      </span>
      <span className="tabular-nums">{value.toFixed(1)}%</span>
    </span>
  );
}
