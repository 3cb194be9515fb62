import { CLOUD_REGIONS, EMAIL_PROVIDERS, SMS_PROVIDERS } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { SelectField, TextField, Toggle } from './controls';
import { SendTestButton } from './SendTestButton';
import type { TabProps } from './tabProps';
import { SYSTEM_SETTINGS_TEXTS } from './texts';

const INTEGRATIONS = SYSTEM_SETTINGS_TEXTS.integrations;
const SMTP = SYSTEM_SETTINGS_TEXTS.smtp;
const SEND_TEST = SYSTEM_SETTINGS_TEXTS.sendTest;

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
      <Card title={INTEGRATIONS.title}>
        <div className="space-y-4">
          <SelectField
            label={INTEGRATIONS.cloudRegion}
            value={integrations.awsRegion}
            options={CLOUD_REGIONS}
            onChange={(v) => set('integrations.awsRegion', v)}
          />
          <Toggle
            label={INTEGRATIONS.backups}
            checked={integrations.backupEnabled}
            onChange={(v) => set('integrations.backupEnabled', v)}
          />
          <SelectField
            label={INTEGRATIONS.emailProvider}
            value={integrations.emailProvider}
            options={EMAIL_PROVIDERS}
            onChange={(v) => set('integrations.emailProvider', v)}
          />
          <SelectField
            label={INTEGRATIONS.smsProvider}
            value={integrations.smsProvider}
            options={SMS_PROVIDERS}
            onChange={(v) => set('integrations.smsProvider', v)}
          />
          <TextField
            label={INTEGRATIONS.webhook}
            type="url"
            value={integrations.slackWebhook}
            placeholder={INTEGRATIONS.webhookPlaceholder}
            onChange={(v) => set('integrations.slackWebhook', v)}
          />
          <SendTestButton kind="webhook" label={SEND_TEST.message} sentText={SEND_TEST.messageSent} />
          <Toggle
            label={INTEGRATIONS.analytics}
            checked={integrations.analyticsTracking}
            onChange={(v) => set('integrations.analyticsTracking', v)}
          />
        </div>
      </Card>
      <Card title={SMTP.title}>
        <div className="space-y-4">
          <TextField
            label={SMTP.host}
            value={smtp.host}
            placeholder={SMTP.hostPlaceholder}
            onChange={(v) => set('integrations.smtp.host', v)}
          />
          <TextField
            label={SMTP.port}
            inputMode="numeric"
            value={draft.integers['integrations.smtp.port']}
            onChange={(v) => setInteger('integrations.smtp.port', v)}
          />
          <Toggle
            label={SMTP.secure}
            checked={smtp.secure}
            onChange={(v) => set('integrations.smtp.secure', v)}
          />
          <TextField
            label={SMTP.username}
            value={smtp.username}
            autoComplete="off"
            onChange={(v) => set('integrations.smtp.username', v)}
          />
          <TextField
            label={SMTP.password}
            type="password"
            autoComplete="new-password"
            value={draft.smtpPassword}
            placeholder={smtpPasswordSet ? SMTP.passwordStored : SMTP.passwordNotSet}
            onChange={(v) => setText('smtpPassword', v)}
          />
          <TextField
            label={SMTP.from}
            type="email"
            value={smtp.from}
            placeholder={SMTP.fromPlaceholder}
            onChange={(v) => set('integrations.smtp.from', v)}
          />
          <SendTestButton kind="email" label={SEND_TEST.email} sentText={SEND_TEST.emailSent} />
        </div>
      </Card>
    </div>
  );
}
