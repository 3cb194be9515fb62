import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** A titled panel of a screen, named for assistive technology by its title; `info` sits beside the title. */
export function Card({
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
      className={clsx('rounded-lg border border-line bg-surface p-5 shadow-sm', className)}
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

/** A label and its value, as a definition-list row. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 truncate text-sm text-fg">{children}</dd>
    </div>
  );
}

/** The error of a failed change, next to its control. */
export function InlineError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}
