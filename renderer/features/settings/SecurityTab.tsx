import { PASSWORD_POLICIES, PASSWORD_POLICY_LABELS, SETTINGS_BOUNDS } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { INPUT_CLASS } from '../../components/ui/styles';
import { Figures, SelectField, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';
import { FormField } from '../../components/ui/FormField';

export function SecurityTab({ draft, set, setInteger, setText }: TabProps) {
  const security = draft.settings.security;
  const { min, max } = SETTINGS_BOUNDS.sessionTimeout;
  const ranges = draft.ipWhitelistText.split(/\r?\n/).filter((line) => line.trim() !== '').length;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Security settings">
        <div className="space-y-4">
          <Toggle
            label="Two-factor authentication required"
            description="Every sign-in asks for a code from an authenticator app; users without one set it up at their next sign-in."
            checked={security.twoFactorRequired}
            onChange={(v) => set('security.twoFactorRequired', v)}
          />
          <SelectField
            label="Password policy"
            value={security.passwordPolicy}
            options={PASSWORD_POLICIES.map((value) => ({ value, label: PASSWORD_POLICY_LABELS[value] }))}
            onChange={(v) => set('security.passwordPolicy', v)}
          />
          <TextField
            label="Session timeout (minutes)"
            inputMode="numeric"
            value={draft.integers['security.sessionTimeout']}
            hint={`A whole number from ${min} to ${max}.`}
            onChange={(v) => setInteger('security.sessionTimeout', v)}
          />
          <Toggle
            label="SSL enabled"
            checked={security.sslEnabled}
            onChange={(v) => set('security.sslEnabled', v)}
          />
          <Toggle
            label="Audit logging"
            description="Security events (sign-ins, settings, roles, users) are always recorded."
            checked={security.auditLogging}
            onChange={(v) => set('security.auditLogging', v)}
          />
          <FormField
            label="IP whitelist"
            hint="One CIDR range per line; blank lines are dropped. Empty: every address is allowed."
          >
            {(field) => (
              <textarea
                {...field}
                className={`${INPUT_CLASS} font-mono`}
                rows={5}
                value={draft.ipWhitelistText}
                placeholder={'203.0.113.0/24\n2001:db8::/32'}
                onChange={(event) => setText('ipWhitelistText', event.target.value)}
              />
            )}
          </FormField>
        </div>
      </Card>
      <Card title="Security status">
        <Figures
          rows={[
            ['Two-factor authentication', security.twoFactorRequired ? 'Required' : 'Optional'],
            ['Password policy', PASSWORD_POLICY_LABELS[security.passwordPolicy]],
            ['Session timeout', `${draft.integers['security.sessionTimeout']} min`],
            ['IP whitelist', ranges === 0 ? 'Every address' : `${ranges} range${ranges === 1 ? '' : 's'}`],
            ['SSL', security.sslEnabled ? 'Enabled' : 'Disabled'],
            ['Audit logging', security.auditLogging ? 'On' : 'Security events only'],
          ]}
        />
      </Card>
    </div>
  );
}
