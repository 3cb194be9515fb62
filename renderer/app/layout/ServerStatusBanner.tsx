import { useEffect, useState } from 'react';
import { RotateCw, X } from 'lucide-react';
import type { ServerStatus } from '../../../shared/bridge/contract';
import { call, onEvent } from '../../lib/bridge';

/** What the console says when its own server's thread died (issue 25). */
export const SERVER_STATUS_TEXTS = {
  restarting: "The console's server stopped. Restarting it…",
  restarted:
    "The console's server stopped and was restarted. If something you were doing failed, try it again.",
  failed:
    "The console's server stopped and could not be restarted. See the log for the cause, then restart the console.",
  dismiss: 'Dismiss',
} as const;

/** The embedded server's restarts, said above every screen until dismissed. */
export function ServerStatusBanner() {
  const [status, setStatus] = useState<ServerStatus | null>(null);
  const [dismissedAt, setDismissedAt] = useState(0);
  useEffect(() => {
    let active = true;
    void call('app:serverStatus')
      .then((first) => active && setStatus((current) => current ?? first))
      .catch(() => undefined);
    const off = onEvent('app:serverStatus', setStatus);
    return () => {
      active = false;
      off();
    };
  }, []);
  if (!status) return null;
  const text =
    status.state === 'restarting'
      ? SERVER_STATUS_TEXTS.restarting
      : status.state === 'failed' && status.restarts > 0
        ? SERVER_STATUS_TEXTS.failed
        : status.state === 'running' && status.restarts > dismissedAt
          ? SERVER_STATUS_TEXTS.restarted
          : null;
  if (!text) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-line bg-surface-muted px-4 py-2 text-sm text-fg sm:px-6"
    >
      <RotateCw aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex-1">{text}</span>
      {status.state === 'running' ? (
        <button
          type="button"
          onClick={() => setDismissedAt(status.restarts)}
          className="rounded p-1 text-muted hover:text-fg focus-visible:outline-2"
          aria-label={SERVER_STATUS_TEXTS.dismiss}
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
