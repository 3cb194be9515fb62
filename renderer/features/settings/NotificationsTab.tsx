import { DIGEST_FREQUENCIES } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { SelectField, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';

export function NotificationsTab({ draft, set }: TabProps) {
  const notifications = draft.settings.notifications;
  return (
    <Card title="Notification settings">
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <Toggle
            label="Email notifications"
            checked={notifications.emailNotifications}
            onChange={(v) => set('notifications.emailNotifications', v)}
          />
          <Toggle
            label="SMS notifications"
            checked={notifications.smsNotifications}
            onChange={(v) => set('notifications.smsNotifications', v)}
          />
          <Toggle
            label="In-app notifications"
            checked={notifications.inAppNotifications}
            onChange={(v) => set('notifications.inAppNotifications', v)}
          />
        </div>
        <div className="space-y-4">
          <SelectField
            label="Digest frequency"
            value={notifications.digestFrequency}
            options={DIGEST_FREQUENCIES}
            onChange={(v) => set('notifications.digestFrequency', v)}
          />
          <TextField
            label="Quiet hours start"
            type="time"
            value={notifications.quietHoursStart}
            onChange={(v) => set('notifications.quietHoursStart', v)}
          />
          <TextField
            label="Quiet hours end"
            type="time"
            value={notifications.quietHoursEnd}
            onChange={(v) => set('notifications.quietHoursEnd', v)}
          />
        </div>
      </div>
    </Card>
  );
}
