import type { RuleInput } from '../../../shared/alerting';
import { Button } from '../../components/ui/Button';
import { errorsUnder, type FieldErrors } from './form-errors';
import { NotificationRows } from './NotificationRows';
import { NumberControl } from './FormControls';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.escalation;

type Escalation = RuleInput['escalation'];

/** Escalation {enabled, steps [{delay, notifications}]}: who else is told while nobody acknowledges. */
export function EscalationFields({
  value,
  errors,
  onChange,
}: {
  value: Escalation;
  errors: FieldErrors;
  onChange: (next: Escalation) => void;
}) {
  const step = (i: number, patch: Partial<Escalation['steps'][number]>) =>
    onChange({ ...value, steps: value.steps.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const own = errors[''];
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value.enabled}
          aria-invalid={Boolean(own)}
          aria-describedby={own ? 'escalation-error' : undefined}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />
        {TEXTS.enabled}
      </label>
      {own ? (
        <p id="escalation-error" className="text-xs text-red-700 dark:text-red-400">
          {own}
        </p>
      ) : null}
      {value.enabled ? (
        <ol className="space-y-3">
          {value.steps.map((s, i) => (
            <li key={i} className="space-y-2 rounded-md border border-line p-3">
              <div className="flex flex-wrap items-end gap-2">
                <NumberControl
                  label={TEXTS.delay(i + 1)}
                  value={s.delay}
                  min={1}
                  onChange={(delay) => step(i, { delay })}
                  error={errors[`steps.${i}.delay`]}
                />
                <Button onClick={() => onChange({ ...value, steps: value.steps.filter((_, j) => j !== i) })}>
                  {TEXTS.removeStep(i + 1)}
                </Button>
              </div>
              <NotificationRows
                name={TEXTS.notification(i + 1)}
                value={s.notifications}
                errors={errorsUnder(errors, `steps.${i}.notifications`)}
                onChange={(notifications) => step(i, { notifications })}
              />
              {errors[`steps.${i}.notifications`] ? (
                <p role="alert" className="text-xs text-red-700 dark:text-red-400">
                  {errors[`steps.${i}.notifications`]}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {value.enabled ? (
        <Button
          onClick={() =>
            onChange({
              ...value,
              steps: [...value.steps, { delay: 15, notifications: [{ type: 'email', target: '' }] }],
            })
          }
        >
          {TEXTS.addStep}
        </Button>
      ) : null}
    </div>
  );
}
