import { useId } from 'react';
import { Bell } from 'lucide-react';
import { NOTIFICATION_BELL_COUNT } from '../../../shared/constants';
import { IconButton } from '../../components/ui/Button';

/** Part 1 §2: a bell with a fixed count. */
export function NotificationBell() {
  const countId = useId();
  return (
    <IconButton aria-label="Notifications" aria-describedby={countId} title="Notifications">
      <Bell aria-hidden="true" className="size-4.5" />
      <span
        id={countId}
        className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-semibold text-white"
      >
        {NOTIFICATION_BELL_COUNT}
      </span>
    </IconButton>
  );
}
