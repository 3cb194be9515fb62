import { CLOUD_REGIONS, EMAIL_PROVIDERS, SMS_PROVIDERS } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { SelectField, TextField, Toggle } from './controls';
import { SendTestButton } from './SendTestButton';
import type { TabProps } from './tabProps';

export function IntegrationsTab({
  draft,
  set,
  setInteger,
  setText,
  smtpPasswordSet,
}: TabProps & { smtpPasswordSet: boolean }) {
  const integrations = draft.settings.integrations;
  const smtp = integrations.smtp;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Integration settings">
        <div className="space-y-4">
          <SelectField
            label="Cloud region"
            value={integrations.awsRegion}
            options={CLOUD_REGIONS}
            onChange={(v) => set('integrations.awsRegion', v)}
          />
          <Toggle
            label="Automated backups"
            checked={integrations.backupEnabled}
            onChange={(v) => set('integrations.backupEnabled', v)}
          />
          <SelectField
            label="Email provider"
            value={integrations.emailProvider}
            options={EMAIL_PROVIDERS}
            onChange={(v) => set('integrations.emailProvider', v)}
          />
          <SelectField
            label="SMS provider"
            value={integrations.smsProvider}
            options={SMS_PROVIDERS}
            onChange={(v) => set('integrations.smsProvider', v)}
          />
          <TextField
            label="Chat webhook URL"
            type="url"
            value={integrations.slackWebhook}
            placeholder="https://hooks.slack.com/services/…"
            onChange={(v) => set('integrations.slackWebhook', v)}
          />
          <SendTestButton kind="webhook" label="Send test message" sentText="Test message delivered." />
          <Toggle
            label="Analytics tracking"
            checked={integrations.analyticsTracking}
            onChange={(v) => set('integrations.analyticsTracking', v)}
          />
        </div>
      </Card>
      <Card title="SMTP server">
        <div className="space-y-4">
          <TextField
            label="SMTP host"
            value={smtp.host}
            placeholder="smtp.example.com"
            onChange={(v) => set('integrations.smtp.host', v)}
          />
          <TextField
            label="SMTP port"
            inputMode="numeric"
            value={draft.integers['integrations.smtp.port']}
            onChange={(v) => setInteger('integrations.smtp.port', v)}
          />
          <Toggle
            label="TLS from the start (port 465)"
            checked={smtp.secure}
            onChange={(v) => set('integrations.smtp.secure', v)}
          />
          <TextField
            label="SMTP username"
            value={smtp.username}
            autoComplete="off"
            onChange={(v) => set('integrations.smtp.username', v)}
          />
          <TextField
            label="SMTP password"
            type="password"
            autoComplete="new-password"
            value={draft.smtpPassword}
            placeholder={smtpPasswordSet ? 'Stored (leave empty to keep)' : 'Not set'}
            onChange={(v) => setText('smtpPassword', v)}
          />
          <TextField
            label="Sender address"
            type="email"
            value={smtp.from}
            placeholder="console@example.com"
            onChange={(v) => set('integrations.smtp.from', v)}
          />
          <SendTestButton kind="email" label="Send test email" sentText="Test email sent to your address." />
        </div>
      </Card>
    </div>
  );
}
