import type { ReactNode } from 'react';
import { Spinner } from '../Spinner';

/** A full-width body row: the empty state, loading, or an error with its retry. */
function FullRow({ children }: { children: ReactNode }) {
  return (
    <div role="row" className="border-b border-line last:border-b-0">
      <div
        role="cell"
        className="flex flex-wrap items-center justify-center gap-2 px-3 py-6 text-sm text-muted"
      >
        {children}
      </div>
    </div>
  );
}

export function LoadingRow({ label }: { label: string }) {
  return (
    <FullRow>
      <span role="status" className="inline-flex items-center gap-2">
        <Spinner className="size-4" />
        {label}
      </span>
    </FullRow>
  );
}

export function ErrorRow({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <FullRow>
      <span role="alert" className="text-red-600 dark:text-red-400">
        {message}
      </span>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md border border-line px-2.5 py-1 text-xs font-medium text-fg hover:bg-surface-muted"
        >
          Retry
        </button>
      ) : null}
    </FullRow>
  );
}

export function EmptyRow({ children }: { children: ReactNode }) {
  return <FullRow>{children}</FullRow>;
}
