import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

/** A whole-window waiting message ("Loading...", "Verifying authentication..."). */
export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full items-center justify-center p-6">
      <div role="status" className="flex items-center gap-3 text-sm text-muted">
        <Spinner />
        <span>{children}</span>
      </div>
    </div>
  );
}
