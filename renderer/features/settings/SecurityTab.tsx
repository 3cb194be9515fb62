import { PASSWORD_POLICIES, PASSWORD_POLICY_LABELS, SETTINGS_BOUNDS } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { INPUT_CLASS } from '../../components/ui/styles';
import { Figures, SelectField, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';
import { FormField } from '../../components/ui/FormField';
import { SYSTEM_SETTINGS_TEXTS } from './texts';

const SECURITY = SYSTEM_SETTINGS_TEXTS.security;
const STATUS = SYSTEM_SETTINGS_TEXTS.securityStatus;

export function SecurityTab({ draft, set, setInteger, setText }: TabProps) {
  const security = draft.settings.security;
  const { min, max } = SETTINGS_BOUNDS.sessionTimeout;
  const ranges = draft.ipWhitelistText.split(/\r?\n/).filter((line) => line.trim() !== '').length;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={SECURITY.title}>
        <div className="space-y-4">
          <Toggle
            label={SECURITY.twoFactorRequired}
            description={SECURITY.twoFactorRequiredAbout}
            checked={security.twoFactorRequired}
            onChange={(v) => set('security.twoFactorRequired', v)}
          />
          <SelectField
            label={SECURITY.passwordPolicy}
            value={security.passwordPolicy}
            options={PASSWORD_POLICIES.map((value) => ({ value, label: PASSWORD_POLICY_LABELS[value] }))}
            onChange={(v) => set('security.passwordPolicy', v)}
          />
          <TextField
            label={SECURITY.sessionTimeout}
            inputMode="numeric"
            value={draft.integers['security.sessionTimeout']}
            hint={SYSTEM_SETTINGS_TEXTS.wholeNumber(min, max)}
            onChange={(v) => setInteger('security.sessionTimeout', v)}
          />
          <Toggle
            label={SECURITY.sslEnabled}
            checked={security.sslEnabled}
            onChange={(v) => set('security.sslEnabled', v)}
          />
          <Toggle
            label={SECURITY.auditLogging}
            description={SECURITY.auditLoggingAbout}
            checked={security.auditLogging}
            onChange={(v) => set('security.auditLogging', v)}
          />
          <FormField label={SECURITY.ipWhitelist} hint={SECURITY.ipWhitelistHint}>
            {(field) => (
              <textarea
                {...field}
                className={`${INPUT_CLASS} font-mono`}
                rows={5}
                value={draft.ipWhitelistText}
                placeholder={SECURITY.ipWhitelistPlaceholder}
                onChange={(event) => setText('ipWhitelistText', event.target.value)}
              />
            )}
          </FormField>
        </div>
      </Card>
      <Card title={STATUS.title}>
        <Figures
          rows={[
            [STATUS.twoFactor, security.twoFactorRequired ? STATUS.required : STATUS.optional],
            [STATUS.passwordPolicy, PASSWORD_POLICY_LABELS[security.passwordPolicy]],
            [STATUS.sessionTimeout, STATUS.minutes(draft.integers['security.sessionTimeout'])],
            [STATUS.ipWhitelist, ranges === 0 ? STATUS.everyAddress : STATUS.ranges(ranges)],
            [STATUS.ssl, security.sslEnabled ? STATUS.enabled : STATUS.disabled],
            [STATUS.auditLogging, security.auditLogging ? STATUS.on : STATUS.securityEventsOnly],
          ]}
        />
      </Card>
    </div>
  );
}
