import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { Tone } from '../../../shared/monitoring';
import { TONE_TEXT } from './tone';

/** One headline figure: label, value, definition and an optional line under the value. */
export function KpiCard({
  label,
  value,
  info,
  detail,
  testId,
  tone,
}: {
  label: string;
  value: string;
  info?: ReactNode;
  detail?: ReactNode;
  testId?: string;
  /** Colours the value by its threshold (the monitoring KPIs). */
  tone?: Tone;
}) {
  return (
    <section aria-label={label} className="rounded-lg border border-line bg-surface p-4 shadow-sm">
      <h3 className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted uppercase">
        {label}
        {info}
      </h3>
      <p
        data-testid={testId}
        data-tone={tone}
        className={clsx('mt-2 text-2xl font-semibold tabular-nums', TONE_TEXT[tone ?? 'neutral'])}
      >
        {value}
      </p>
      {detail ? <p className="mt-1 text-xs text-muted">{detail}</p> : null}
    </section>
  );
}
