import { DIGEST_FREQUENCIES } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { SelectField, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';
import { SYSTEM_SETTINGS_TEXTS } from './texts';

const TEXTS = SYSTEM_SETTINGS_TEXTS.notifications;

export function NotificationsTab({ draft, set }: TabProps) {
  const notifications = draft.settings.notifications;
  return (
    <Card title={TEXTS.title}>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <Toggle
            label={TEXTS.email}
            checked={notifications.emailNotifications}
            onChange={(v) => set('notifications.emailNotifications', v)}
          />
          <Toggle
            label={TEXTS.sms}
            checked={notifications.smsNotifications}
            onChange={(v) => set('notifications.smsNotifications', v)}
          />
          <Toggle
            label={TEXTS.inApp}
            checked={notifications.inAppNotifications}
            onChange={(v) => set('notifications.inAppNotifications', v)}
          />
        </div>
        <div className="space-y-4">
          <SelectField
            label={TEXTS.digestFrequency}
            value={notifications.digestFrequency}
            options={DIGEST_FREQUENCIES}
            onChange={(v) => set('notifications.digestFrequency', v)}
          />
          <TextField
            label={TEXTS.quietHoursStart}
            type="time"
            value={notifications.quietHoursStart}
            onChange={(v) => set('notifications.quietHoursStart', v)}
          />
          <TextField
            label={TEXTS.quietHoursEnd}
            type="time"
            value={notifications.quietHoursEnd}
            onChange={(v) => set('notifications.quietHoursEnd', v)}
          />
        </div>
      </div>
    </Card>
  );
}
