import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DatabaseZap } from 'lucide-react';
import { useEffect, useState } from 'react';
import { hasErrorCode } from '../../../shared/bridge/errors';
import { ERRORS } from '../../../shared/errors';
import { onCallSucceeded } from '../../lib/bridge';

/** How often the screens' failed loads are tried again while the database is out of reach. */
export const DATABASE_RETRY_MS = 5_000;

/** The server's 503 for a database it cannot reach (server/http/availability.ts), as the bridge hands it over. */
export function isDatabaseUnreachable(error: unknown): boolean {
  return (
    hasErrorCode(error, 'UNAVAILABLE') &&
    error instanceof Error &&
    error.message === ERRORS.databaseUnreachable
  );
}

/**
 * Whether the server last said it cannot reach its database: set by any load or change that failed so,
 * cleared by any call that succeeds. While set, the screens' failed loads are tried again every
 * `retryMs`, so the console comes back by itself when the database does (issue 27).
 */
export function useDatabaseUnreachable(client: QueryClient, retryMs = DATABASE_RETRY_MS): boolean {
  const [unreachable, setUnreachable] = useState(false);

  useEffect(() => {
    const seen = (error: unknown) => {
      if (isDatabaseUnreachable(error)) setUnreachable(true);
    };
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'error') seen(event.action.error);
      if (event.action.type === 'success') setUnreachable(false);
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') seen(event.action.error);
    });
    const stopCalls = onCallSucceeded(() => setUnreachable(false));
    return () => {
      stopQueries();
      stopMutations();
      stopCalls();
    };
  }, [client]);

  useEffect(() => {
    if (!unreachable) return;
    const timer = setInterval(() => {
      void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    }, retryMs);
    return () => clearInterval(timer);
  }, [client, unreachable, retryMs]);

  return unreachable;
}

/**
 * One clear state instead of spinners and scattered errors: "The server cannot reach its database —
 * retrying", above every screen, until a call succeeds again.
 */
export function DatabaseUnreachableBanner({ retryMs }: { retryMs?: number }) {
  const unreachable = useDatabaseUnreachable(useQueryClient(), retryMs);
  if (!unreachable) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-2 border-b border-line bg-surface-muted px-4 py-2 text-sm font-medium text-fg sm:px-6"
    >
      <DatabaseZap aria-hidden="true" className="size-4 shrink-0" />
      <span>{ERRORS.databaseUnreachable}</span>
    </div>
  );
}
