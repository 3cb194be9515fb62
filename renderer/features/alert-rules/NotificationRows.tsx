import { isIntegrationTarget, NOTIFICATION_TYPES, type RuleNotification } from '../../../shared/alerting';
import { useAuthStore } from '../../app/state/useAuthStore';
import { Button } from '../../components/ui/Button';
import { INPUT_CLASS } from '../../components/ui/styles';
import { useIntegrations } from '../integrations/queries';
import { type FieldErrors } from './form-errors';
import { FormField } from '../../components/ui/FormField';
import { SelectControl } from './FormControls';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.notifications;

/**
 * The webhook integrations a webhook notification can name, for a user who may list integrations
 * (undefined otherwise: the target is typed, an integration's id or a URL).
 */
function useWebhookTargets(): { id: string; name: string }[] | undefined {
  const canList = useAuthStore((state) => state.user?.permissions.includes('platform.manage') ?? false);
  const integrations = useIntegrations(canList);
  if (!canList || !integrations.data) return undefined;
  return integrations.data.integrations
    .filter((i) => i.type === 'webhook')
    .map((i) => ({ id: i.id, name: i.status === 'inactive' ? TEXTS.inactive(i.name) : i.name }));
}

/**
 * Rows of notifications {type, target}, added and removed. `name` prefixes each row's label ("Notification
 * 2", "Step 1 notification 2") so every control has its own name. A webhook target is picked from the
 * webhook integrations when the user may list them (a URL stored by an older rule stays a choice); otherwise,
 * and for the other types, it is typed.
 */
export function NotificationRows({
  name,
  value,
  errors,
  onChange,
}: {
  name: string;
  value: readonly RuleNotification[];
  errors: FieldErrors;
  onChange: (next: RuleNotification[]) => void;
}) {
  const change = (i: number, patch: Partial<RuleNotification>) =>
    onChange(value.map((n, j) => (j === i ? { ...n, ...patch } : n)));
  const webhookTargets = useWebhookTargets();
  return (
    <div className="space-y-2">
      {value.map((n, i) => (
        <div key={i} className="grid items-start gap-2 sm:grid-cols-[9rem_1fr_auto]">
          <SelectControl
            context={`${name} ${i + 1}`}
            label={TEXTS.type}
            value={n.type}
            options={NOTIFICATION_TYPES}
            onChange={(type) => change(i, { type })}
            error={errors[`${i}.type`]}
          />
          {n.type === 'webhook' && webhookTargets ? (
            <FormField
              context={`${name} ${i + 1}`}
              label={TEXTS.target}
              error={errors[`${i}.target`]}
              hint={TEXTS.webhookPickHint}
            >
              {(props) => (
                <select
                  {...props}
                  className={INPUT_CLASS}
                  value={n.target}
                  onChange={(e) => change(i, { target: e.target.value })}
                >
                  <option value="">{TEXTS.chooseWebhook}</option>
                  {webhookTargets.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                  {n.target && !isIntegrationTarget(n.target) ? (
                    <option value={n.target}>{n.target}</option>
                  ) : null}
                  {n.target &&
                  isIntegrationTarget(n.target) &&
                  !webhookTargets.some((t) => t.id === n.target) ? (
                    <option value={n.target}>{TEXTS.missingIntegration}</option>
                  ) : null}
                </select>
              )}
            </FormField>
          ) : (
            <FormField
              context={`${name} ${i + 1}`}
              label={TEXTS.target}
              error={errors[`${i}.target`]}
              hint={TEXTS.targetHints[n.type]}
            >
              {(props) => (
                <input
                  {...props}
                  className={INPUT_CLASS}
                  value={n.target}
                  placeholder={TEXTS.targetPlaceholders[n.type]}
                  onChange={(e) => change(i, { target: e.target.value })}
                />
              )}
            </FormField>
          )}
          <Button
            className="sm:mt-6"
            aria-label={TEXTS.removeName(name, i + 1)}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            {TEXTS.remove}
          </Button>
        </div>
      ))}
      <Button onClick={() => onChange([...value, { type: 'email', target: '' }])}>{TEXTS.add(name)}</Button>
    </div>
  );
}
