import { undismissed } from '../../../shared/alerts';
import { AlertLine, DismissAlertButton } from './AlertLine';
import { useDismissAlert } from './mutations';
import { useAlertFeed, useMinuteClock } from './queries';
import { ALERTS_FEED_TEXTS } from './texts';

const TEXTS = ALERTS_FEED_TEXTS.unread;

/** "3 unread alerts": the bell's name, so a screen reader hears the count with the control. */
export function unreadAlertsLabel(count: number): string {
  return count === 0 ? TEXTS.none : TEXTS.count(count);
}

/** The signed-in user's undismissed alerts, as the main process counts them for the tray too. */
export function useUnreadAlerts() {
  const { data: alerts = [], isPending } = useAlertFeed();
  return { unread: undismissed(alerts), isPending };
}

/** The undismissed alerts, newest first, each with its dismiss control: the bell's panel. */
export function UnreadAlertsList() {
  const { unread, isPending } = useUnreadAlerts();
  const dismiss = useDismissAlert();
  const now = useMinuteClock();
  if (unread.length === 0) {
    return (
      <p className="px-4 py-6 text-center text-sm text-muted">
        {isPending ? ALERTS_FEED_TEXTS.loading : TEXTS.none}
      </p>
    );
  }
  return (
    <ul aria-label={TEXTS.list} className="divide-y divide-line">
      {unread.map((alert) => (
        <li key={alert.id} className="flex items-center gap-2 px-4 py-2">
          <AlertLine alert={alert} now={now} className="min-w-0 flex-1" />
          <DismissAlertButton
            label={ALERTS_FEED_TEXTS.dismiss(alert.title)}
            onDismiss={() => dismiss.mutate(alert.id)}
          />
        </li>
      ))}
    </ul>
  );
}
