import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { timeLabel, type BannerAlert } from '../../../shared/alerts';
import { IconButton } from '../../components/ui/Button';
import { STATUS_TONES } from '../../components/ui/StatusBadge';
import { PRIORITY_STYLE, TYPE_STYLE } from './alertStyle';

/** One alert on one line: type icon, priority, title, message, metadata and its time label. */
export function AlertLine({
  alert,
  now,
  className,
}: {
  alert: BannerAlert;
  now: number;
  className?: string;
}) {
  const { icon: Icon, tone } = TYPE_STYLE[alert.type];
  const { value, change } = alert.metadata;
  return (
    <div className={clsx('flex min-w-0 items-center gap-2.5', className)} data-alert-type={alert.type}>
      <Icon aria-hidden="true" className={clsx('size-4.5 shrink-0', tone)} />
      <span
        className={clsx(
          'shrink-0 rounded px-1.5 py-0.5 text-[11px] font-semibold uppercase',
          PRIORITY_STYLE[alert.priority],
        )}
      >
        {alert.priority}
      </span>
      <p className="min-w-0 truncate text-sm">
        <span className="font-medium text-fg">{alert.title}</span>
        {alert.message && <span className="text-muted"> — {alert.message}</span>}
        {change !== undefined && (
          <span className={clsx('ml-1.5 font-medium', STATUS_TONES[change >= 0 ? 'ok' : 'critical'].text)}>
            {change >= 0 ? '+' : ''}
            {change}%
          </span>
        )}
        {value !== undefined && change === undefined && <span className="sr-only"> ({value})</span>}
      </p>
      <time dateTime={alert.timestamp} className="ml-auto shrink-0 text-xs text-muted">
        {timeLabel(alert.timestamp, now)}
      </time>
    </div>
  );
}

/** The dismiss control of an alert (the banner's current one, a row of its list, a row of the dashboard's). */
export function DismissAlertButton({
  label,
  onDismiss,
  disabled,
}: {
  label: string;
  onDismiss: () => void;
  disabled?: boolean;
}) {
  return (
    <IconButton aria-label={label} disabled={disabled} onClick={onDismiss} className="size-7">
      <X aria-hidden="true" className="size-4" />
    </IconButton>
  );
}
