import { useState } from 'react';
import { clsx } from 'clsx';
import { ALERT_FILTERS, BANNER, byFilter, type AlertFilter } from '../../../shared/alerts';
import { FILTER_LABELS } from './alertStyle';
import { AlertLine, DismissAlertButton } from './AlertLine';
import { useDismissAlert } from './mutations';
import { useAlertFeed, useMinuteClock } from './queries';
import { ALERTS_FEED_TEXTS } from './texts';

const TEXTS = ALERTS_FEED_TEXTS.realtime;

export interface RealtimeAlertsListProps {
  /** How many to list (default: all kept, the 20 newest). */
  limit?: number;
  className?: string;
}

/**
 * The dashboard's real-time alerts list (part 1 §2): the same alerts as the banner, as they arrive,
 * newest first, with the category filter; dismissed ones stay listed, dimmed.
 */
export function RealtimeAlertsList({ limit = BANNER.maxKept, className }: RealtimeAlertsListProps) {
  const { data: alerts = [], isPending } = useAlertFeed();
  const [filter, setFilter] = useState<AlertFilter>('all');
  const dismiss = useDismissAlert();
  const now = useMinuteClock();
  const shown = byFilter(alerts, filter).slice(0, limit);

  return (
    <section
      aria-labelledby="realtime-alerts-title"
      className={clsx('rounded-lg border border-line bg-surface p-4 shadow-sm', className)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="realtime-alerts-title" className="text-base font-semibold text-fg">
          {TEXTS.heading}
        </h2>
        <div role="group" aria-label={ALERTS_FEED_TEXTS.category} className="flex flex-wrap gap-1">
          {ALERT_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={clsx(
                'rounded-md px-2 py-1 text-xs font-medium',
                filter === value ? 'bg-accent text-accent-fg' : 'text-muted hover:bg-surface-muted',
              )}
            >
              {FILTER_LABELS[value]}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">
          {isPending ? ALERTS_FEED_TEXTS.loading : TEXTS.empty}
        </p>
      ) : (
        <ul aria-label={TEXTS.list} className="divide-y divide-line">
          {shown.map((alert) => (
            <li
              key={alert.id}
              data-dismissed={alert.dismissed}
              className={clsx('flex items-center gap-2 py-2', alert.dismissed && 'opacity-50')}
            >
              <AlertLine alert={alert} now={now} className="flex-1" />
              {alert.dismissed ? (
                <span className="w-7 text-center text-[11px] text-muted">{TEXTS.dismissed}</span>
              ) : (
                <DismissAlertButton
                  label={ALERTS_FEED_TEXTS.dismiss(alert.title)}
                  onDismiss={() => dismiss.mutate(alert.id)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
