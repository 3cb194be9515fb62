import { NOTIFICATION_TYPES, type RuleNotification } from '../../../shared/alerting';
import { Button } from '../../components/ui/Button';
import { INPUT_CLASS } from '../../components/ui/styles';
import { type FieldErrors } from './form-errors';
import { FormField, SelectControl } from './FormControls';

const TARGET_HINT: Record<RuleNotification['type'], string> = {
  email: 'An email address',
  slack: 'An incoming-webhook URL; blank uses the chat webhook of System Settings',
  webhook: 'Where the alert is delivered',
};

const PLACEHOLDER: Record<RuleNotification['type'], string> = {
  email: 'ops@example.com',
  slack: 'https://…',
  webhook: 'https://…',
};

/**
 * Rows of notifications {type, target}, added and removed. `name` prefixes each row's label ("Notification
 * 2", "Step 1 notification 2") so every control has its own name. The target stays a plain text field for
 * every type: what a webhook target refers to is the server's to check.
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
  return (
    <div className="space-y-2">
      {value.map((n, i) => (
        <div key={i} className="grid items-start gap-2 sm:grid-cols-[9rem_1fr_auto]">
          <SelectControl
            context={`${name} ${i + 1}`}
            label="Type"
            value={n.type}
            options={NOTIFICATION_TYPES}
            onChange={(type) => change(i, { type })}
            error={errors[`${i}.type`]}
          />
          <FormField
            context={`${name} ${i + 1}`}
            label="Target"
            error={errors[`${i}.target`]}
            hint={TARGET_HINT[n.type]}
          >
            {(props) => (
              <input
                {...props}
                className={INPUT_CLASS}
                value={n.target}
                placeholder={PLACEHOLDER[n.type]}
                onChange={(e) => change(i, { target: e.target.value })}
              />
            )}
          </FormField>
          <Button
            className="sm:mt-6"
            aria-label={`Remove ${name.toLowerCase()} ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button onClick={() => onChange([...value, { type: 'email', target: '' }])}>
        Add {name.toLowerCase()}
      </Button>
    </div>
  );
}
