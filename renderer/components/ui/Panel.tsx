import type { ReactNode } from 'react';

/** A titled panel of a screen, named for assistive technology by its title. */
export function Panel({
  title,
  info,
  actions,
  children,
  className,
}: {
  title: string;
  info?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={`rounded-lg border border-line bg-surface p-5 shadow-sm ${className ?? ''}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-1.5 text-base font-semibold text-fg">
          {title}
          {info}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

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
