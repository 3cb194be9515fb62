import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Bell } from 'lucide-react';
import { IconButton } from '../../components/ui/Button';
import {
  UnreadAlertsList,
  unreadAlertsLabel,
  useUnreadAlerts,
} from '../../features/alerts-feed/UnreadAlerts';

/**
 * The header's bell (part 1 §2; issue 10 §9 makes its count real): the number of the signed-in user's
 * undismissed alerts, live ('alerts:changed'), and a panel listing them with their dismiss controls. Busy
 * (`aria-busy`) until the feed's first answer: "No unread alerts" is not known yet then, and the alert
 * banner, drawn from the same answer, may still appear above the navigation.
 */
export function NotificationBell() {
  const { unread, isPending } = useUnreadAlerts();
  const label = unreadAlertsLabel(unread.length);
  return (
    <Popover className="relative">
      <PopoverButton
        as={IconButton}
        aria-label={label}
        aria-busy={isPending || undefined}
        title="Notifications"
      >
        <Bell aria-hidden="true" className="size-4.5" />
        {unread.length > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-semibold text-white"
          >
            {unread.length}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        aria-label="Notifications"
        className="z-40 mt-2 flex max-h-[70vh] w-[min(28rem,calc(100vw-2rem))] flex-col rounded-lg border border-line bg-surface shadow-lg"
      >
        <h2 className="border-b border-line px-4 py-2.5 text-sm font-semibold text-fg">Notifications</h2>
        <div className="overflow-y-auto">
          <UnreadAlertsList />
        </div>
      </PopoverPanel>
    </Popover>
  );
}
