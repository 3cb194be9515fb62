import { useState } from 'react';
import {
  AGGREGATIONS,
  METRICS,
  METRIC_IDS,
  NOTIFICATION_TYPES,
  RULE_OPERATORS,
  RULE_SEVERITIES,
  RULE_STATUSES,
  TIME_WINDOWS,
  ruleInput,
  type RuleInput,
} from '../../../shared/alerting';
import type { RulePreview } from '../../../shared/api/alerts';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { INPUT_CLASS } from '../../components/ui/styles';
import { call } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useSaveRule } from '../alerts/mutations';

/** Creates or edits a rule: the whole model, validated by the contract's own schema, and a preview. */
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
  const [problems, setProblems] = useState<string[]>([]);
  const [preview, setPreview] = useState<RulePreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const save = useSaveRule();
  const set = <K extends keyof RuleInput>(key: K, value: RuleInput[K]) => setRule({ ...rule, [key]: value });
  const cond = <K extends keyof RuleInput['condition']>(key: K, value: RuleInput['condition'][K]) =>
    setRule({ ...rule, condition: { ...rule.condition, [key]: value } });
  const validated = () => {
    const result = ruleInput.safeParse(rule);
    setProblems(result.success ? [] : result.error.issues.map((i) => i.message));
    return result.success ? result.data : null;
  };
  const field = (label: string, control: React.ReactNode) => (
    <label className="block text-sm font-medium text-fg">
      {label}
      {control}
    </label>
  );
  const select = <T extends string>(
    value: T,
    options: readonly T[],
    onChange: (v: T) => void,
    label?: (v: T) => string,
  ) => (
    <select className={INPUT_CLASS} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {label ? label(o) : o}
        </option>
      ))}
    </select>
  );
  return (
    <Modal open title={id ? 'Edit alert rule' : 'Create alert rule'} onClose={onClose} size="lg">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const valid = validated();
          if (valid) save.mutate({ id, rule: valid }, { onSuccess: onClose });
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          {field(
            'Name',
            <input className={INPUT_CLASS} value={rule.name} onChange={(e) => set('name', e.target.value)} />,
          )}
          {field(
            'Status',
            select(rule.status, RULE_STATUSES, (v) => set('status', v)),
          )}
          {field(
            'Severity',
            select(rule.severity, RULE_SEVERITIES, (v) => set('severity', v)),
          )}
          {field(
            'Metric',
            select(
              rule.metric,
              METRIC_IDS,
              (v) => set('metric', v),
              (v) => METRICS[v].label,
            ),
          )}
          {field(
            'Aggregation',
            select(rule.condition.aggregation, AGGREGATIONS, (v) => cond('aggregation', v)),
          )}
          {field(
            'Time window',
            select(rule.condition.timeWindow, TIME_WINDOWS, (v) => cond('timeWindow', v)),
          )}
          {field(
            'Operator',
            select(rule.condition.operator, RULE_OPERATORS, (v) => cond('operator', v)),
          )}
          {field(
            `Threshold (${METRICS[rule.metric].unit})`,
            <input
              type="number"
              className={INPUT_CLASS}
              value={Number.isFinite(rule.condition.threshold) ? rule.condition.threshold : ''}
              onChange={(e) => cond('threshold', e.target.value === '' ? Number.NaN : Number(e.target.value))}
            />,
          )}
          {field(
            'Pending period (seconds)',
            <input
              type="number"
              min={0}
              className={INPUT_CLASS}
              value={rule.pendingSeconds}
              onChange={(e) => set('pendingSeconds', Number(e.target.value))}
            />,
          )}
          {field(
            'Keep firing for (seconds)',
            <input
              type="number"
              min={0}
              className={INPUT_CLASS}
              value={rule.keepFiringSeconds}
              onChange={(e) => set('keepFiringSeconds', Number(e.target.value))}
            />,
          )}
        </div>
        {field(
          'Description',
          <textarea
            rows={2}
            className={INPUT_CLASS}
            value={rule.description}
            onChange={(e) => set('description', e.target.value)}
          />,
        )}
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-fg">Notifications</legend>
          {rule.notifications.map((n, i) => (
            <div key={i} className="grid grid-cols-[8rem_1fr_auto] gap-2">
              {select(n.type, NOTIFICATION_TYPES, (v) =>
                set(
                  'notifications',
                  rule.notifications.map((m, j) => (j === i ? { ...m, type: v } : m)),
                ),
              )}
              <input
                aria-label={`Notification ${i + 1} target`}
                className={INPUT_CLASS}
                value={n.target}
                placeholder={n.type === 'email' ? 'ops@example.com' : 'https://…'}
                onChange={(e) =>
                  set(
                    'notifications',
                    rule.notifications.map((m, j) => (j === i ? { ...m, target: e.target.value } : m)),
                  )
                }
              />
              <Button
                onClick={() =>
                  set(
                    'notifications',
                    rule.notifications.filter((_, j) => j !== i),
                  )
                }
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            onClick={() => set('notifications', [...rule.notifications, { type: 'email', target: '' }])}
          >
            Add notification
          </Button>
        </fieldset>
        {problems.length ? (
          <ul role="alert" className="list-disc pl-5 text-sm text-red-700 dark:text-red-400">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        <InlineError
          message={save.error ? errorMessage(save.error, 'Saving the rule failed') : previewError}
        />
        {preview ? (
          <section aria-label="Preview" className="rounded-md border border-line p-3 text-sm">
            <p>{preview.summary}</p>
          </section>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button
            onClick={() => {
              const valid = validated();
              if (!valid) return;
              setPreviewError(null);
              call('alerts.previewRule', { body: valid }).then(setPreview, (error: unknown) =>
                setPreviewError(errorMessage(error, 'The preview failed')),
              );
            }}
          >
            Preview last hour
          </Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            Save rule
          </Button>
        </div>
      </form>
    </Modal>
  );
}
