import type { RuleInput } from '../../../shared/alerting';
import { INPUT_CLASS } from '../../components/ui/styles';
import { type FieldErrors } from './form-errors';
import { FormField } from '../../components/ui/FormField';
import { NumberControl } from './FormControls';

type Suppression = RuleInput['suppressionRules'];

const lines = (text: string) => text.split('\n');

/** suppressionRules {enabled, duration (seconds), conditions}: quiet after a notification. */
export function SuppressionFields({
  value,
  errors,
  onChange,
}: {
  value: Suppression;
  errors: FieldErrors;
  onChange: (next: Suppression) => void;
}) {
  const conditionError = Object.entries(errors).find(([key]) => key.startsWith('conditions'))?.[1];
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />
        Suppress repeat notifications after one is sent
      </label>
      {value.enabled ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberControl
            label="Suppression duration (seconds)"
            value={value.duration}
            min={0}
            onChange={(duration) => onChange({ ...value, duration })}
            error={errors['duration']}
          />
          <FormField label="Conditions" hint="One per line" error={conditionError}>
            {(props) => (
              <textarea
                {...props}
                rows={3}
                className={INPUT_CLASS}
                // Kept as typed (blank lines too) so editing never jumps; blank lines are dropped on save.
                value={value.conditions.join('\n')}
                onChange={(e) => onChange({ ...value, conditions: lines(e.target.value) })}
              />
            )}
          </FormField>
        </div>
      ) : null}
    </div>
  );
}
