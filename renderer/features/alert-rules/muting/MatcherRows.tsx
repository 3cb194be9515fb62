import { METRICS, type SilenceMatcher } from '../../../../shared/alerting';
import { Button } from '../../../components/ui/Button';
import { INPUT_CLASS } from '../../../components/ui/styles';
import type { FieldErrors } from '../form-errors';
import { FormField } from '../../../components/ui/FormField';
import { SelectControl } from '../FormControls';
import { ALERT_RULES_TEXTS } from '../texts';

const TEXTS = ALERT_RULES_TEXTS.muting.matchers;

const OPERATORS = ['==', '!='] as const;
/** The labels series carry (route, instance, budget): offered, not imposed. */
const LABELS = [...new Set(Object.values(METRICS).flatMap((m) => m.labels))];

/** Matchers {label, operator, value}: which series a silence or maintenance window mutes (all must hold). */
export function MatcherRows({
  value,
  errors,
  onChange,
}: {
  value: readonly SilenceMatcher[];
  errors: FieldErrors;
  onChange: (next: SilenceMatcher[]) => void;
}) {
  const change = (i: number, patch: Partial<SilenceMatcher>) =>
    onChange(value.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <div className="space-y-2">
      {value.map((m, i) => (
        <div key={i} className="grid items-start gap-2 sm:grid-cols-[1fr_6rem_1fr_auto]">
          <FormField context={TEXTS.row(i + 1)} label={TEXTS.label} error={errors[`${i}.label`]}>
            {(props) => (
              <input
                {...props}
                className={INPUT_CLASS}
                list="matcher-labels"
                value={m.label}
                onChange={(e) => change(i, { label: e.target.value })}
              />
            )}
          </FormField>
          <SelectControl
            context={TEXTS.row(i + 1)}
            label={TEXTS.operator}
            value={m.operator}
            options={OPERATORS}
            onChange={(operator) => change(i, { operator })}
          />
          <FormField context={TEXTS.row(i + 1)} label={TEXTS.value} error={errors[`${i}.value`]}>
            {(props) => (
              <input
                {...props}
                className={INPUT_CLASS}
                value={m.value}
                onChange={(e) => change(i, { value: e.target.value })}
              />
            )}
          </FormField>
          <Button
            className="sm:mt-6"
            aria-label={TEXTS.removeName(i + 1)}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            {TEXTS.remove}
          </Button>
        </div>
      ))}
      <datalist id="matcher-labels">
        {LABELS.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      <Button onClick={() => onChange([...value, { label: LABELS[0] ?? '', operator: '==', value: '' }])}>
        {TEXTS.add}
      </Button>
    </div>
  );
}

export const matcherText = (matchers: readonly SilenceMatcher[]) =>
  matchers.length ? matchers.map((m) => `${m.label}${m.operator}"${m.value}"`).join(', ') : TEXTS.everySeries;
