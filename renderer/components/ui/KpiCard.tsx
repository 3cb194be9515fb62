import type { ReactNode } from 'react';

/** One headline figure: label, value, definition and an optional line under the value. */
export function KpiCard({
  label,
  value,
  info,
  detail,
  testId,
}: {
  label: string;
  value: string;
  info?: ReactNode;
  detail?: ReactNode;
  testId?: string;
}) {
  return (
    <section aria-label={label} className="rounded-lg border border-line bg-surface p-4 shadow-sm">
      <h3 className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted uppercase">
        {label}
        {info}
      </h3>
      <p data-testid={testId} className="mt-2 text-2xl font-semibold text-fg tabular-nums">
        {value}
      </p>
      {detail ? <p className="mt-1 text-xs text-muted">{detail}</p> : null}
    </section>
  );
}
