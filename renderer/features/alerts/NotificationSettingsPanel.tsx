import { useState } from 'react';
import {
  ESCALATION_DELAYS_MINUTES,
  GROUPING_WINDOWS_MINUTES,
  QUIET_HOURS,
  SMS_NOT_CONFIGURED,
  type NotificationSettings,
} from '../../../shared/alerting';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { useSaveNotificationSettings } from './mutations';
import { useNotificationSettings } from './queries';
import { FormField } from '../../components/ui/FormField';
import { ALERT_TEXTS } from './texts';

const TEXTS = ALERT_TEXTS.notificationSettings;

/** The Notification Settings tab (part 2 §2, §9): per user, stored on the server. */
export function NotificationSettingsPanel() {
  const loaded = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [edited, setDraft] = useState<NotificationSettings | null>(null);
  // What the user changed, else what the server holds.
  const draft = edited ?? loaded.data ?? null;
  if (!draft)
    return (
      <p className="text-sm text-muted">{loaded.isError ? ALERT_TEXTS.loadFailed : ALERT_TEXTS.loading}</p>
    );
  const sms = loaded.data?.smsProviderConfigured ?? false;
  const toggle = (channel: keyof NotificationSettings['channels'], label: string, disabled = false) => (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={draft.channels[channel]}
        disabled={disabled}
        onChange={(e) => setDraft({ ...draft, channels: { ...draft.channels, [channel]: e.target.checked } })}
      />
      {label}
    </label>
  );
  return (
    <form
      className="max-w-xl space-y-5 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft, { onSuccess: (saved) => setDraft(saved) });
      }}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold text-fg">{TEXTS.channels}</legend>
        {toggle('email', TEXTS.email)}
        <div>
          {toggle('sms', TEXTS.sms, !sms)}
          {sms ? null : <p className="ml-6 text-muted">{SMS_NOT_CONFIGURED}</p>}
        </div>
        {toggle('chat', TEXTS.chat)}
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-semibold text-fg">{TEXTS.preferences}</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.quietHours}
            onChange={(e) => setDraft({ ...draft, quietHours: e.target.checked })}
          />
          {TEXTS.quietHours(QUIET_HOURS.start, QUIET_HOURS.end)}
        </label>
        <FormField label={TEXTS.escalationDelay}>
          {(field) => (
            <select
              {...field}
              className={INPUT_CLASS}
              value={draft.escalationDelayMinutes}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  escalationDelayMinutes: Number(
                    e.target.value,
                  ) as NotificationSettings['escalationDelayMinutes'],
                })
              }
            >
              {ESCALATION_DELAYS_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {TEXTS.delay(m)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={TEXTS.groupingWindow}>
          {(field) => (
            <select
              {...field}
              className={INPUT_CLASS}
              value={draft.groupingWindowMinutes}
              onChange={(e) =>
                setDraft({
                  ...draft,
                  groupingWindowMinutes: Number(
                    e.target.value,
                  ) as NotificationSettings['groupingWindowMinutes'],
                })
              }
            >
              {GROUPING_WINDOWS_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {TEXTS.window(m)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </fieldset>
      <InlineError message={save.error ? errorMessage(save.error, TEXTS.saveFailed) : null} />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        {save.isSuccess && !save.isPending ? TEXTS.saved : TEXTS.save}
      </Button>
    </form>
  );
}
