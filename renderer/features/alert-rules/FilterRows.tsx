import { METRICS, type MetricId, type RuleFilter } from '../../../shared/alerting';
import { Button } from '../../components/ui/Button';
import { INPUT_CLASS } from '../../components/ui/styles';
import { type FieldErrors } from './form-errors';
import { FormField } from '../../components/ui/FormField';
import { SelectControl } from './FormControls';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.filters;

const FILTER_OPERATORS = ['==', '!='] as const;

/** The rule's filters [{field, operator, value}]: which of the metric's series it watches. */
export function FilterRows({
  metric,
  value,
  errors,
  onChange,
}: {
  metric: MetricId;
  value: readonly RuleFilter[];
  errors: FieldErrors;
  onChange: (next: RuleFilter[]) => void;
}) {
  const labels: readonly string[] = METRICS[metric].labels;
  const change = (i: number, patch: Partial<RuleFilter>) =>
    onChange(value.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <div className="space-y-2">
      {labels.length === 0 ? (
        <p className="text-sm text-muted">{TEXTS.oneSeries(METRICS[metric].label)}</p>
      ) : null}
      {value.map((f, i) => (
        <div key={i} className="grid items-start gap-2 sm:grid-cols-[1fr_6rem_1fr_auto]">
          <FormField context={TEXTS.row(i + 1)} label={TEXTS.field} error={errors[`${i}.field`]}>
            {(props) => (
              <input
                {...props}
                className={INPUT_CLASS}
                value={f.field}
                list={`filter-fields-${metric}`}
                onChange={(e) => change(i, { field: e.target.value })}
              />
            )}
          </FormField>
          <SelectControl
            context={TEXTS.row(i + 1)}
            label={TEXTS.operator}
            value={f.operator}
            options={FILTER_OPERATORS}
            onChange={(operator) => change(i, { operator })}
            error={errors[`${i}.operator`]}
          />
          <FormField context={TEXTS.row(i + 1)} label={TEXTS.value} error={errors[`${i}.value`]}>
            {(props) => (
              <input
                {...props}
                className={INPUT_CLASS}
                value={f.value}
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
      <datalist id={`filter-fields-${metric}`}>
        {labels.map((l) => (
          <option key={l} value={l} />
        ))}
      </datalist>
      {labels.length ? (
        <Button onClick={() => onChange([...value, { field: labels[0] ?? '', operator: '==', value: '' }])}>
          {TEXTS.add}
        </Button>
      ) : null}
    </div>
  );
}
