import type { RuleInput } from '../../../shared/alerting';
import { INPUT_CLASS } from '../../components/ui/styles';
import { type FieldErrors } from './form-errors';
import { FormField } from '../../components/ui/FormField';
import { NumberControl } from './FormControls';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.suppression;

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
        {TEXTS.enabled}
      </label>
      {value.enabled ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <NumberControl
            label={TEXTS.duration}
            value={value.duration}
            min={0}
            onChange={(duration) => onChange({ ...value, duration })}
            error={errors['duration']}
          />
          <FormField label={TEXTS.conditions} hint={TEXTS.conditionsHint} error={conditionError}>
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
