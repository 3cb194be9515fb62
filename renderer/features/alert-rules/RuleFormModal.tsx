import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  AGGREGATIONS,
  METRICS,
  METRIC_IDS,
  NO_DATA_STATES,
  RULE_OPERATORS,
  RULE_SEVERITIES,
  RULE_STATUSES,
  TIME_WINDOWS,
  ruleInput,
  type RuleInput,
} from '../../../shared/alerting';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { errorMessage } from '../../lib/errors';
import { usePreviewRule, useSaveRule } from '../alerts/mutations';
import { capitalize } from '../alerts/rules';
import { EscalationFields } from './EscalationFields';
import { FilterRows } from './FilterRows';
import { errorsUnder, fieldErrors, type FieldErrors } from './form-errors';
import { FormField } from '../../components/ui/FormField';
import { NumberControl, SelectControl } from './FormControls';
import { NotificationRows } from './NotificationRows';
import { RulePreviewPanel } from './RulePreviewPanel';
import { SuppressionFields } from './SuppressionFields';
import { ALERT_RULES_TEXTS } from './texts';

const TEXTS = ALERT_RULES_TEXTS.form;

/** The conditions box keeps blank lines while typing; they are not part of the rule. */
const cleaned = (rule: RuleInput): RuleInput => ({
  ...rule,
  suppressionRules: {
    ...rule.suppressionRules,
    conditions: rule.suppressionRules.conditions.map((c) => c.trim()).filter(Boolean),
  },
});

/** A group of fields; `error` is the group's own problem (a missing notification), tied to the group. */
function Section({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset
      className="space-y-3 border-t border-line pt-4"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="pr-2 text-sm font-semibold text-fg">{legend}</legend>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Creates or edits a rule: every field of the model, checked by the contract's own schema with each
 * message next to its field, and a preview of the last hour. A failed save keeps the form as typed.
 */
export function RuleFormModal({
  id,
  initial,
  onClose,
}: {
  id: string | null;
  initial: RuleInput;
  onClose: () => void;
}) {
  const [rule, setRule] = useState<RuleInput>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const save = useSaveRule();
  const preview = usePreviewRule();
  const set = <K extends keyof RuleInput>(key: K, value: RuleInput[K]) =>
    setRule((r) => ({ ...r, [key]: value }));
  const cond = <K extends keyof RuleInput['condition']>(key: K, value: RuleInput['condition'][K]) =>
    setRule((r) => ({ ...r, condition: { ...r.condition, [key]: value } }));
  const validated = () => {
    const result = ruleInput.safeParse(cleaned(rule));
    setErrors(result.success ? {} : fieldErrors(result.error));
    setAttempt((n) => n + 1);
    return result.success ? result.data : null;
  };
  // After a refused submit, the first field in error takes focus (its message is read with it); for a
  // group's own problem (no notification yet), the group's first button.
  useEffect(() => {
    if (attempt)
      form.current
        ?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] button')
        ?.focus();
  }, [attempt]);
  const problems = Object.keys(errors).length;
  return (
    <Modal open title={id ? TEXTS.title.edit : TEXTS.title.create} onClose={onClose} size="lg">
      <form
        ref={form}
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const valid = validated();
          if (valid) save.mutate({ id, rule: valid }, { onSuccess: onClose });
        }}
      >
        <Section legend={TEXTS.sections.rule}>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label={TEXTS.name} error={errors['name']}>
              {(props) => (
                <input
                  {...props}
                  className={INPUT_CLASS}
                  value={rule.name}
                  onChange={(e) => set('name', e.target.value)}
                />
              )}
            </FormField>
            <SelectControl
              label={TEXTS.status}
              value={rule.status}
              options={RULE_STATUSES}
              optionLabel={capitalize}
              onChange={(v) => set('status', v)}
              error={errors['status']}
            />
            <SelectControl
              label={TEXTS.severity}
              value={rule.severity}
              options={RULE_SEVERITIES}
              optionLabel={capitalize}
              onChange={(v) => set('severity', v)}
              error={errors['severity']}
            />
          </div>
          <FormField label={TEXTS.description} error={errors['description']}>
            {(props) => (
              <textarea
                {...props}
                rows={2}
                className={INPUT_CLASS}
                value={rule.description}
                onChange={(e) => set('description', e.target.value)}
              />
            )}
          </FormField>
        </Section>
        <Section legend={TEXTS.sections.condition}>
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectControl
              label={TEXTS.metric}
              value={rule.metric}
              options={METRIC_IDS}
              optionLabel={(v) => METRICS[v].label}
              onChange={(v) => set('metric', v)}
              error={errors['metric']}
            />
            <SelectControl
              label={TEXTS.aggregation}
              value={rule.condition.aggregation}
              options={AGGREGATIONS}
              onChange={(v) => cond('aggregation', v)}
              error={errors['condition.aggregation']}
            />
            <SelectControl
              label={TEXTS.timeWindow}
              value={rule.condition.timeWindow}
              options={TIME_WINDOWS}
              onChange={(v) => cond('timeWindow', v)}
              error={errors['condition.timeWindow']}
            />
            <SelectControl
              label={TEXTS.operator}
              value={rule.condition.operator}
              options={RULE_OPERATORS}
              onChange={(v) => cond('operator', v)}
              error={errors['condition.operator']}
            />
            <NumberControl
              label={TEXTS.threshold(METRICS[rule.metric].unit)}
              value={rule.condition.threshold}
              step="any"
              onChange={(v) => cond('threshold', v)}
              error={errors['condition.threshold']}
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <NumberControl
              label={TEXTS.pending}
              hint={TEXTS.pendingHint}
              value={rule.pendingSeconds}
              min={0}
              onChange={(v) => set('pendingSeconds', v)}
              error={errors['pendingSeconds']}
            />
            <NumberControl
              label={TEXTS.keepFiring}
              hint={TEXTS.keepFiringHint}
              value={rule.keepFiringSeconds}
              min={0}
              onChange={(v) => set('keepFiringSeconds', v)}
              error={errors['keepFiringSeconds']}
            />
            <SelectControl
              label={TEXTS.noData}
              value={rule.noDataState}
              options={NO_DATA_STATES}
              optionLabel={(v) => TEXTS.states[v]}
              onChange={(v) => set('noDataState', v)}
              error={errors['noDataState']}
            />
            <SelectControl
              label={TEXTS.evaluationFails}
              value={rule.errorState}
              options={NO_DATA_STATES}
              optionLabel={(v) => TEXTS.states[v]}
              onChange={(v) => set('errorState', v)}
              error={errors['errorState']}
            />
          </div>
        </Section>
        <Section legend={TEXTS.sections.filters} error={errors['filters']}>
          <FilterRows
            metric={rule.metric}
            value={rule.filters}
            errors={errorsUnder(errors, 'filters')}
            onChange={(v) => set('filters', v)}
          />
        </Section>
        <Section legend={TEXTS.sections.notifications} error={errors['notifications']}>
          <NotificationRows
            name={TEXTS.notification}
            value={rule.notifications}
            errors={errorsUnder(errors, 'notifications')}
            onChange={(v) => set('notifications', v)}
          />
        </Section>
        <Section legend={TEXTS.sections.escalation}>
          <EscalationFields
            value={rule.escalation}
            errors={{ '': errors['escalation'] ?? '', ...errorsUnder(errors, 'escalation') }}
            onChange={(v) => set('escalation', v)}
          />
        </Section>
        <Section legend={TEXTS.sections.suppression}>
          <SuppressionFields
            value={rule.suppressionRules}
            errors={errorsUnder(errors, 'suppressionRules')}
            onChange={(v) => set('suppressionRules', v)}
          />
        </Section>
        {problems ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {TEXTS.problems(problems)}
          </p>
        ) : null}
        <InlineError message={save.error ? errorMessage(save.error, TEXTS.saveFailed) : null} />
        <InlineError message={preview.error ? errorMessage(preview.error, TEXTS.previewFailed) : null} />
        {preview.data ? <RulePreviewPanel preview={preview.data} rule={preview.variables ?? rule} /> : null}
        <div className="flex justify-end gap-2">
          <Button
            disabled={preview.isPending}
            onClick={() => {
              const valid = validated();
              if (valid) preview.mutate(valid);
            }}
          >
            {TEXTS.preview}
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {TEXTS.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
